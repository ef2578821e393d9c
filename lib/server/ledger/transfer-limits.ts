import "server-only";
import type { PlanEffect } from "@/lib/server/ledger/plan";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { sendingWindowAt } from "@/lib/server/ledger/sending-window";
import type { LimitRow } from "@/lib/server/ledger/store";
import { checkLookupsLeft } from "@/lib/server/users/lookup-limit";

/**
 * How many transfers to other people count against the sender now. The sender's counter
 * (`SendingCounter`, read by primary key in the transfer's first query) holds the transfers of the
 * current fixed window of TRANSFER_LIMIT_WINDOW_SECONDS and of the one before; both count whole:
 *
 *   sent lately = current + previous
 *
 * Any sliding window of that length ending now lies within those two fixed windows, so the limit
 * is never passed within one (a burst that crosses a window's boundary is counted in full, as
 * the documented "N per window" says); the price is that a sender who used the limit up waits
 * until the end of the next fixed window (between one and two windows) instead of exactly one.
 * Its cost is one row, whatever the limit.
 */
export function sentLately(row: Pick<LimitRow, "sentThisWindow" | "sentLastWindow">): number {
  return Number(row.sentThisWindow ?? 0) + Number(row.sentLastWindow ?? 0);
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
 * of the transfer's instant, in the same transaction as the money (store-engine.ts) — and refuses it
 * (SENDING_LIMIT, answered as `checkSentLately`'s 429) when the counter already holds the limit
 * there: the check before the plan answers early, this one holds under any concurrency.
 */
export function countSentEffect(userId: number, at: Date): PlanEffect {
  return { type: "countSent", userId, ...sendingWindowAt(at), limit: getEnv().transferLimitPerUser };
}

/**
 * The limits on sending to someone else, checked before anything about the receiver is told:
 *  - TRANSFER_LIMIT_PER_USER transfers to others per window (`checkSentLately`);
 *  - a wallet the sender has never dealt with — or one that does not exist — counts as a lookup
 *    (LOOKUP_LIMIT_PER_USER, shared with the lookup endpoints: lib/server/users/lookup-limit.ts),
 *    so transfers cannot walk the wallet ids past that limit: whatever the answer (201,
 *    WALLET_NOT_FOUND, INVALID_AMOUNT), it told the sender something about that wallet.
 * Both read from the transfer's first query (`row`). Returns whether the transfer counts as a
 * lookup: the caller counts it with the money (`countLookupEffect`), or by itself when the
 * transfer is refused (`countLookup`).
 * Counted in the database, so every instance sees the same counts. Concurrent transfers from one
 * sender may each pass this early check before the others are written; the plan's `countSent`
 * checks again where it counts, in one atomic step, so the limit holds under any concurrency.
 */
export function checkSendingLimits(row: LimitRow): boolean {
  checkSentLately(row);
  if (row.dealtWith) return false;
  checkLookupsLeft(row);
  return true;
}
