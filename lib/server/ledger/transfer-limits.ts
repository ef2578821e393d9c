import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { countLookup } from "@/lib/server/users/lookup-limit";
import type { LimitRow } from "@/lib/server/ledger/store";

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
