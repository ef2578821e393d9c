import "server-only";
import { getDb } from "@/lib/server/db";
import { replicaDb } from "@/lib/server/db/replica";
import { personSelect } from "@/lib/server/ledger/store-parties";
import type { Bounds } from "@/lib/server/statements/period";

/**
 * Every statement of the account statements: the account, its totals for a period and its
 * movements, all from the account's postings, never past the newest transfer seen first.
 */

/** The account's owner and number (a link names the account by its number). */
export function findWalletNumber(walletId: number) {
  return getDb().wallet.findUnique({ where: { id: walletId }, select: { userId: true, number: true } });
}

/** The account's owner, number and currency. */
export function findStatementWallet(walletId: number) {
  return getDb().wallet.findUnique({ where: { id: walletId }, select: { userId: true, number: true, currency: true } });
}

/** The newest transfer's id (0 when there is none). */
export async function newestTransferId(): Promise<number> {
  // A statement's reads may come from the replica (lib/server/db/replica.ts): each is bounded by
  // this id, and each is at least as fresh as the primary was when it began.
  const last = await replicaDb((db) => db.transfer.aggregate({ _max: { id: true } }));
  return last._max.id ?? 0;
}

/** A total of postings: their sum (null when there are none) and, for the period's, their count. */
type Total = { sum: bigint | null; count: number };

/**
 * The account's postings up to transfer `lastId`, side by side: the sum of those before the
 * period, and the sum and count of its credits and of its debits within the period.
 */
export async function statementTotals(
  walletId: number,
  lastId: number,
  bounds: Bounds,
): Promise<{ before: bigint | null; credits: Total; debits: Total }> {
  const mine = { walletId, transferId: { lte: lastId } };
  const during = { createdAt: { gte: bounds.start, lt: bounds.end } };
  const [before, credits, debits] = await replicaDb((db) => Promise.all([
    db.posting.aggregate({ where: { ...mine, transfer: { createdAt: { lt: bounds.start } } }, _sum: { amount: true } }),
    db.posting.aggregate({ where: { ...mine, amount: { gt: 0 }, transfer: during }, _sum: { amount: true }, _count: true }),
    db.posting.aggregate({ where: { ...mine, amount: { lt: 0 }, transfer: during }, _sum: { amount: true }, _count: true }),
  ]));
  return {
    before: before._sum.amount,
    credits: { sum: credits._sum.amount, count: credits._count },
    debits: { sum: debits._sum.amount, count: debits._count },
  };
}

const party = { select: { userId: true, user: { select: personSelect } } } as const;

/**
 * Up to `take` of the account's postings within the period, of transfers after `afterId` and up
 * to `lastId`, in transfer order, each with its transfer's time, kind and both sides' owners.
 */
export function movementsPage(options: { walletId: number; afterId: number; lastId: number; bounds: Bounds; take: number }) {
  return replicaDb((db) => db.posting.findMany({
    where: {
      walletId: options.walletId,
      transferId: { gt: options.afterId, lte: options.lastId },
      transfer: { createdAt: { gte: options.bounds.start, lt: options.bounds.end } },
    },
    orderBy: { transferId: "asc" },
    take: options.take,
    select: {
      transferId: true,
      amount: true,
      transfer: { select: { createdAt: true, kind: true, sender: party, receiver: party } },
    },
  }));
}
