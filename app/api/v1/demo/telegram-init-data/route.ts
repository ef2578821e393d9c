import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { demoInitData } from "@/lib/server/auth/demo-init-data";
import { demoInitDataQuery } from "@/lib/shared/schemas/auth";

/** Demo only (404 otherwise): init data signed with the demo bot token. */
export const GET = route(
  contractOf(operations.demoInitData, {
    summary: "Demo mode only: Telegram init data signed with the demo bot token (404 otherwise)",
    description:
      "Lets a plain browser sign in through the real Telegram validation path in demo mode: answers init data for a seeded user signed with the demo bot token. Production answers 404 NOT_FOUND.",
    tag: "demo",
    query: demoInitDataQuery,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "USER_NOT_FOUND", "VALIDATION_ERROR"],
  }),
  async ({ query }) => ({ init_data: await demoInitData({ telegramId: query.telegramId }) }),
);
