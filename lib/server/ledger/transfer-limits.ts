import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { countLookup } from "@/lib/server/users/lookup-limit";

/** What a transfer's first query reads for the limits (`limitColumns`). */
export type LimitRow = {
  /** The sender has sent money to this wallet before, or received money from it. */
  dealtWith?: boolean | number | bigint | null;
  /** Transfers the sender made to other people within the window, counted up to the limit. */
  sentLately?: number | bigint | null;
};

/**
 * The column "sentLately": how many transfers `userId` sent to other people lately (transfers and
 * request payments), counted no further than the limit. For the one read of every way money
 * leaves an account to someone else, so the limit costs no round trip of its own.
 */
export function sentLatelyColumn(userId: number): Prisma.Sql {
  const { transferLimitPerUser, transferLimitWindowMs } = getEnv();
  const since = new Date(Date.now() - transferLimitWindowMs);
  return Prisma.sql`,
    (SELECT COUNT(*) FROM (SELECT 1 FROM "Wallet" s
        JOIN "Transfer" t ON t."senderWalletId" = s."id"
        JOIN "Wallet" r ON r."id" = t."receiverWalletId"
        WHERE s."userId" = ${userId} AND r."userId" <> ${userId} AND t."kind" IN ('transfer', 'request')
          AND t."createdAt" >= ${since}
        LIMIT ${transferLimitPerUser}) recent) AS "sentLately"`;
}

/**
 * Columns for the transfer's one read (create-transfer.ts) that the two limits on sending need:
 *  - whether `userId` has dealt with the receiving wallet before (either direction);
 *  - "sentLately" (`sentLatelyColumn`).
 */
export function limitColumns(userId: number, receiverWalletId: number): Prisma.Sql {
  return Prisma.sql`,
    (EXISTS (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."senderWalletId" = o."id"
        WHERE o."userId" = ${userId} AND t."receiverWalletId" = ${receiverWalletId})
      OR EXISTS (SELECT 1 FROM "Wallet" o JOIN "Transfer" t ON t."receiverWalletId" = o."id"
        WHERE o."userId" = ${userId} AND t."senderWalletId" = ${receiverWalletId})) AS "dealtWith"
    ${sentLatelyColumn(userId)}`;
}

/**
 * TRANSFER_LIMIT_PER_USER transfers to other people per window (429), whichever way the money
 * leaves — a transfer or paying a request: one account cannot flood another with notices, and
 * paying requests is no way around it. Between one's own wallets (exchanges) is not counted.
 */
export function checkSentLately(row: Pick<LimitRow, "sentLately">): void {
  if (Number(row.sentLately ?? 0) >= getEnv().transferLimitPerUser) {
    throw new AppError("RATE_LIMITED", "errors.transferRateLimited");
  }
}

/**
 * The limits on sending to someone else, checked before anything about the receiver is told:
 *  - TRANSFER_LIMIT_PER_USER transfers to others per window (`checkSentLately`);
 *  - a wallet the sender has never dealt with — or one that does not exist — counts as a lookup
 *    (LOOKUP_LIMIT_PER_USER, shared with the lookup endpoints), so transfers cannot walk the
 *    wallet ids past that limit: whatever the answer (201, WALLET_NOT_FOUND, INVALID_AMOUNT), it
 *    told the sender something about that wallet.
 * Counted in the database, so every instance sees the same counts. Concurrent transfers from one
 * sender may each see the count before the others are written: the limit can be passed by at most
 * the number of that sender's transfers under way at once.
 */
export async function checkSendingLimits(userId: number, row: LimitRow): Promise<void> {
  checkSentLately(row);
  if (!row.dealtWith) await countLookup(userId);
}
