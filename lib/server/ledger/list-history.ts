import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { readHistoryPage, type HistoryMatch, type HistoryRow } from "@/lib/server/ledger/store-history";
import type { HistoryFilters } from "@/lib/shared/history-filters";
import { parseAmount } from "@/lib/shared/money";
import { moscowTime } from "@/lib/shared/schedule-dates";
import type { TransferDto } from "@/lib/shared/schemas/transfers";

export type ListHistoryOptions = HistoryFilters & {
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
  const found = await readHistoryPage({ walletId: options.walletId, cursor: options.cursor, take, match: matchOf(options) });
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

const DAY_MS = 86_400_000;

/**
 * The filters as the store reads them. The period is of Moscow days: from the start of `from` to
 * the start of the day after `to`. A search text is looked for, lower-cased, in the message and
 * the counterparty's name and username ("@name" in the username alone, too); when it reads as an
 * amount ("500", "12,50", "12.50"; lib/shared/money), it also finds that amount sent or received.
 */
export function matchOf(filters: HistoryFilters): HistoryMatch {
  const match: HistoryMatch = { kind: filters.kind, direction: filters.direction, currency: filters.currency };
  if (filters.from) match.since = moscowTime(filters.from, 0);
  if (filters.to) match.until = new Date(moscowTime(filters.to, 0).getTime() + DAY_MS);
  const q = filters.q?.trim();
  if (q) {
    match.text = q.toLowerCase();
    if (q.startsWith("@") && q.length > 1) match.handle = q.slice(1).toLowerCase();
    const amount = parseAmount(q.replace(/[\s\u00a0]/g, ""));
    if (amount !== null) match.amount = amount;
  }
  return match;
}
