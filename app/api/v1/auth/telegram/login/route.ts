import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { telegramLoginBody } from "@/lib/shared/schemas/auth";

export const POST = route(
  contractOf(operations.telegramLogin, {
    summary: "Sign in with Telegram init data (signed by the bot's token, at most a day old, used once)",
    description:
      "Signs in with the init data the Telegram client gives a Mini App: its hash must be the HMAC of the data with the bot's token, auth_date at most a day old, and the same init data signs in only once. Creates the user on first sign-in.",
    tag: "auth",
    body: telegramLoginBody,
    ok: { status: 200 },
    errors: ["INVALID_INIT_DATA"],
  }),
  ({ body }) => telegramLogin({ initData: body.init_data }),
);
