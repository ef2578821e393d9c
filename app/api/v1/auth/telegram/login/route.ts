import { route } from "@/lib/server/http";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { telegramLoginBody, tokenPairDto } from "@/lib/shared/schemas/auth";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/auth/telegram/login",
    summary: "Sign in with Telegram init data (signed by the bot's token, at most a day old, used once)",
    tag: "auth",
    auth: false,
    body: telegramLoginBody,
    ok: { status: 200, schema: tokenPairDto },
    errors: ["INVALID_INIT_DATA"],
  },
  ({ body }) => telegramLogin({ initData: body.init_data }),
);
