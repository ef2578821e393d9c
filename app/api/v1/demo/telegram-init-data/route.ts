import { route } from "@/lib/server/http";
import { demoInitData } from "@/lib/server/auth/demo-init-data";
import { demoInitDataQuery, initDataDto } from "@/lib/shared/schemas/auth";

/** Demo only (404 otherwise): init data signed with the demo bot token. */
export const GET = route(
  {
    method: "GET",
    path: "/api/v1/demo/telegram-init-data",
    summary: "Demo mode only: Telegram init data signed with the demo bot token (404 otherwise)",
    description:
      "Lets a plain browser sign in through the real Telegram validation path in demo mode: answers init data for a seeded user signed with the demo bot token. Production answers 404 NOT_FOUND.",
    tag: "demo",
    auth: false,
    query: demoInitDataQuery,
    ok: { status: 200, schema: initDataDto },
    errors: ["NOT_FOUND", "USER_NOT_FOUND", "VALIDATION_ERROR"],
  },
  async ({ query }) => ({ init_data: await demoInitData({ telegramId: query.telegramId }) }),
);
