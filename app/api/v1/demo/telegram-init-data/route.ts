import { route } from "@/lib/server/http";
import { demoInitData } from "@/lib/server/auth/demo-init-data";
import { demoInitDataQuery } from "@/lib/shared/schemas/auth";

/** Demo only (404 otherwise): init data signed with the demo bot token. */
export const GET = route({ auth: false, query: demoInitDataQuery }, async ({ query }) => ({
  init_data: await demoInitData({ telegramId: query.telegramId }),
}));
