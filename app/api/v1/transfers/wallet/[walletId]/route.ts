import { json, route } from "@/lib/server/http";
import { listHistory } from "@/lib/server/ledger/list-history";
import { historyQuery, walletIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route(
  { params: walletIdParams, query: historyQuery },
  async ({ user, params, query }) => {
    const page = await listHistory({ userId: user.id, walletId: params.walletId, ...query });
    const headers = page.nextCursor ? { "x-next-cursor": String(page.nextCursor) } : undefined;
    return json(page.items, 200, headers);
  },
);
