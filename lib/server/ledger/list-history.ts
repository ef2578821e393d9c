import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { readHistoryPage, type HistoryRow } from "@/lib/server/ledger/store-history";
import type { TransferDto } from "@/lib/shared/schemas/transfers";

export type ListHistoryOptions = {
  userId: number;
  walletId: number;
  limit: number;
  /** Only transfers with an id below this one (the previous page's `nextCursor`). */
  cursor?: number;
};

export type HistoryPage = { items: TransferDto[]; nextCursor: number | null };

/** Transfers sent or received by one of the caller's wallets, newest first, keyset-paginated. */
export async function listHistory(options: ListHistoryOptions): Promise<HistoryPage> {
  const take = options.limit + 1;
  // One statement reads a page of what the wallet sent, one of what it received, and the wallet's
  // owner; the page is the newest of both. Nothing is returned before the owner is checked.
  const found = await readHistoryPage({ walletId: options.walletId, cursor: options.cursor, take });
  if (found.length === 0) throw new AppError("WALLET_NOT_FOUND");
  if (Number(found[0].ownerId) !== options.userId) throw new AppError("FORBIDDEN");
  const transfers = found.filter((row): row is HistoryRow => row.id !== null);
  // A transfer is never from a wallet to itself; the Map only guards the page against repeats.
  const byId = new Map(transfers.map((row) => [row.id, row]));
  const rows = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, take);
  const page = rows.slice(0, options.limit);
  const nextCursor = rows.length > options.limit ? page[page.length - 1].id : null;
  const items = page.map((row) =>
    row.scheduleId != null && row.senderWalletId === options.walletId ? { ...toTransferDto(row), scheduleId: Number(row.scheduleId) } : toTransferDto(row),
  );
  return { items, nextCursor };
}
