import "server-only";
import type { PlanEffect } from "@/lib/server/db/apply-plan";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { sendingWindowAt } from "@/lib/server/ledger/sending-window";
import type { LimitRow } from "@/lib/server/ledger/store";
import { countLookup } from "@/lib/server/users/lookup-limit";

/**
 * How many transfers to other people count against the sender now: a sliding-window counter.
 * The sender's counter (`SendingCounter`, read by primary key in the transfer's first query) holds
 * the transfers of the current fixed window of TRANSFER_LIMIT_WINDOW_SECONDS and of the one
 * before; the estimate is the current window's count plus the previous window's, weighted by the
 * share of the previous window that the sliding window ending now still covers:
 *
 *   sent lately = current + previous × (1 − time into the current window ÷ window)
 *
 * It assumes the previous window's transfers were spread evenly over it, so it is exact for a
 * burst that starts a window and never counts more than were sent in the last two windows. Its
 * cost is one row, whatever the limit.
 */
export function sentLately(row: Pick<LimitRow, "sentThisWindow" | "sentLastWindow">, at = new Date()): number {
  const { previousWeight } = sendingWindowAt(at);
  return Number(row.sentThisWindow ?? 0) + Number(row.sentLastWindow ?? 0) * previousWeight;
}

/**
 * TRANSFER_LIMIT_PER_USER transfers to other people per window (429), whichever way the money
 * leaves — a transfer or paying a request: one account cannot flood another with notices, and
 * paying requests is no way around it. Between one's own wallets (exchanges) is not counted.
 * Refused once `sentLately` reaches the limit.
 */
export function checkSentLately(row: Pick<LimitRow, "sentThisWindow" | "sentLastWindow">): void {
  if (sentLately(row) >= getEnv().transferLimitPerUser) {
    throw new AppError("RATE_LIMITED", "errors.transferRateLimited");
  }
}

/**
 * The plan's effect that counts a transfer to someone else on its sender's counter, in the window
 * of the transfer's instant, in the same transaction as the money (apply-plan.ts).
 */
export function countSentEffect(userId: number, at: Date): PlanEffect {
  const { start, previousStart } = sendingWindowAt(at);
  return { type: "countSent", userId, windowStart: start, previousStart };
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
