import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { toTransferDto } from "@/lib/server/ledger/dto";
import type { TransferRow } from "@/lib/server/ledger/postings";
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
  // Direct SQL: history is read on every visit of the wallet screen.
  const db = await sqlOf();
  const [wallet] = await db.$queryRaw<{ userId: number }[]>`
    SELECT "userId" FROM "Wallet" WHERE "id" = ${options.walletId}`;
  if (!wallet) throw new AppError("WALLET_NOT_FOUND");
  if (Number(wallet.userId) !== options.userId) throw new AppError("FORBIDDEN");
  const { walletId, cursor } = options;
  // Sent and received each walk their own (walletId, id) index and stop after a page; the page
  // is the newest of both. A page then costs the same however long the wallet's history is (an
  // OR would collect and sort all of it, a UNION in SQL needs a temporary B-tree every time).
  const after = cursor ? Prisma.sql`AND "id" < ${cursor}` : Prisma.empty;
  const take = options.limit + 1;
  // The page size goes into the SQL as a literal: with a bound LIMIT SQLite spends ~10 µs more on
  // each side (measured). It is a validated integer; the check keeps anything else out of the SQL.
  if (!Number.isSafeInteger(take) || take < 2) throw new Error(`invalid page size ${options.limit}`);
  const limit = Prisma.raw(String(take));
  const side = (column: Prisma.Sql) => db.$queryRaw<TransferRow[]>`
    SELECT "id", "senderWalletId", "receiverWalletId", "amount", "currency", "receivedAmount",
      "receivedCurrency", "rate", "createdAt"
    FROM "Transfer" WHERE ${column} = ${walletId} ${after}
    ORDER BY "id" DESC LIMIT ${limit}`;
  const [sent, received] = await Promise.all([
    side(Prisma.sql`"senderWalletId"`),
    side(Prisma.sql`"receiverWalletId"`),
  ]);
  // A transfer is never from a wallet to itself; the Map only guards the page against repeats.
  const byId = new Map([...sent, ...received].map((row) => [row.id, row]));
  const rows = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, take);
  const page = rows.slice(0, options.limit);
  const nextCursor = rows.length > options.limit ? page[page.length - 1].id : null;
  return { items: page.map(toTransferDto), nextCursor };
}
