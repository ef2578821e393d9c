import "server-only";
import type { NoticeEffect } from "@/lib/server/notifications/enqueue";
import type { LookupEffect } from "@/lib/server/users/lookup-limit";
import type { TransferFacts } from "@/lib/server/ledger/transfer-row";

/**
 * The plan's vocabulary: what the ledger decides about a transfer (postings.ts) and the transfer
 * engine applies (store-engine.ts, and prisma/postgres/functions/minibank_apply_plan.sql). The
 * domains below the ledger name the effects they own (`notice`: notifications, `countLookup`:
 * users), and the ledger composes them; nothing below the ledger imports this file.
 */

/** One posting of a planned transfer. `tracked`: the wallet keeps a running balance (a user's). */
export type PlannedPosting = { walletId: number; currency: string; amount: bigint; tracked: boolean };

/**
 * What else a transfer does, in the same transaction:
 *  - `payRequest`: the payment request must still be pending and unexpired, and becomes paid by
 *    this transfer (else the plan is refused: REQUEST_PAID, REQUEST_CANCELLED, REQUEST_EXPIRED);
 *  - `notice`: "money arrived", queued in the outbox (lib/server/notifications/enqueue.ts);
 *  - `recordKey`: the caller's Idempotency-Key, recorded with the transfer it made;
 *  - `countSent`: a transfer to someone else, counted on its sender's sending counter
 *    ("SendingCounter": the current fixed window `windowStart` and the one before,
 *    `previousStart`; transfer-limits.ts); refused (SENDING_LIMIT) when the counter already holds
 *    `limit`, read in the same transaction that adds to it, so concurrent transfers cannot pass
 *    the limit together;
 *  - `countLookup`: a transfer to a wallet its sender never dealt with, counted on the sender's
 *    lookup counter ("LookupCounter": windows of 10 minutes; lib/server/users/lookup-limit.ts);
 *  - `spendLimit`: the sender's own limits on money leaving to other people in `currency`
 *    (spending-limits.ts): what they sent to others since `dayStart` (and since `monthStart`),
 *    with this transfer's `amount`, may not pass `daily` (`monthly`; null: none), else
 *    SPENDING_DAILY_LIMIT (SPENDING_MONTHLY_LIMIT); summed in the transaction that moves the
 *    money, under the sender's turn of `countSent`, so parallel transfers cannot pass it together.
 *  - `roundUp`: once the transfer is written, a second movement `row` (kind "pocket", channel
 *    "roundup") from the sending account into its pocket: made only when the account's balance,
 *    after the transfer, still covers it and the pocket is open and takes round-ups; else skipped,
 *    and the transfer stands (round-up.ts).
 * A new effect is a new member here, a step in store-engine.ts and one in
 * prisma/postgres/functions/minibank_apply_plan.sql.
 */
export type PlanEffect =
  | { type: "payRequest"; requestId: number; payerId: number }
  | NoticeEffect
  | { type: "recordKey"; userId: number; key: string; requestHash: string }
  | { type: "countSent"; userId: number; windowStart: Date; previousStart: Date; limit: number }
  | LookupEffect
  | SpendLimitEffect
  | RoundUpEffect;

/** `spendLimit` (above); amounts in minor units of `currency`. */
export type SpendLimitEffect = {
  type: "spendLimit";
  userId: number;
  currency: string;
  dayStart: Date;
  monthStart: Date;
  daily: bigint | null;
  monthly: bigint | null;
};

/** The round-up of a transfer into a pocket (round-up.ts): its own transfer row, sender to pocket. */
export type RoundUpEffect = { type: "roundUp"; row: TransferFacts };

/**
 * A transfer the ledger has decided (postings.ts): the row it will store (`TransferFacts`, its
 * columns named as in transfer-row.ts), every posting, and its effects. Applying it decides
 * nothing about money; it only checks what needs the wallets' current balances, under their row
 * locks.
 */
export type TransferPlan = TransferFacts & {
  postings: PlannedPosting[];
  /** No tracked wallet may end above this. */
  maxBalance: bigint;
  /** A live top-up: the receiver's top-ups since `since`, with this one, may not pass `limit`. */
  topUpWindow?: { since: Date; limit: bigint };
  effects: PlanEffect[];
};

/** Why a plan was not applied; nothing was written. */
export type Refusal =
  | "TOPUP_DAILY_LIMIT"
  | "INSUFFICIENT_FUNDS"
  | "BALANCE_LIMIT"
  | "REQUEST_PAID"
  | "REQUEST_CANCELLED"
  | "REQUEST_EXPIRED"
  | "SENDING_LIMIT"
  | "SPENDING_DAILY_LIMIT"
  | "SPENDING_MONTHLY_LIMIT";

export type Applied = { id: number; refusal?: undefined } | { refusal: Refusal };
