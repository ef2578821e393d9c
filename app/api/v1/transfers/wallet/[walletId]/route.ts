import { z } from "zod";
import { contractOf, json, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { listHistory } from "@/lib/server/ledger/list-history";
import { historyQuery, walletIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route(
  contractOf(operations.history, {
    summary: "History of one of the caller's wallets, newest first (keyset pages)",
    description:
      "Transfers in and out of one of the caller's wallets, newest first. Pages are keyset pages: pass the X-Next-Cursor header of one answer as cursor to get the next; the last page has none. Paging neither skips nor repeats a transfer. 403 for another user's wallet.",
    tag: "transfers",
    params: walletIdParams,
    query: historyQuery,
    ok: {
      status: 200,
      headers: {
        "x-next-cursor": {
          description: "Pass as `cursor` for the next page; absent on the last page",
          schema: z.string().regex(/^\d+$/),
        },
      },
    },
    errors: ["FORBIDDEN", "WALLET_NOT_FOUND"],
  }),
  async ({ user, params, query }) => {
    const page = await listHistory({ userId: user.id, walletId: params.walletId, ...query });
    const headers = page.nextCursor ? { "x-next-cursor": String(page.nextCursor) } : undefined;
    return json(page.items, 200, headers);
  },
);
