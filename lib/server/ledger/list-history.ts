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
  // Each side of the OR has its own (walletId, id) index.
  const rows = await db.$queryRaw<TransferRow[]>`
    SELECT "id", "senderWalletId", "receiverWalletId", "amount", "currency", "receivedAmount",
      "receivedCurrency", "rate", "createdAt"
    FROM "Transfer"
    WHERE ("senderWalletId" = ${walletId} OR "receiverWalletId" = ${walletId})
      ${cursor ? Prisma.sql`AND "id" < ${cursor}` : Prisma.empty}
    ORDER BY "id" DESC
    LIMIT ${options.limit + 1}`;
  const page = rows.slice(0, options.limit);
  const nextCursor = rows.length > options.limit ? page[page.length - 1].id : null;
  return { items: page.map(toTransferDto), nextCursor };
}
