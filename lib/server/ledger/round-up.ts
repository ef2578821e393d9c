import "server-only";
import type { RoundUpEffect, TransferPlan } from "@/lib/server/ledger/plan";
import { chosenFacts } from "@/lib/server/ledger/transfer-row";
import { roundUpOf } from "@/lib/shared/money";

/**
 * A pocket's round-up of an outgoing transfer: what takes the amount up to the next 10 or 100
 * units of its currency, moved from the sending account into the pocket as a movement of its own
 * (kind "pocket", channel "roundup") in the transfer's own step of the engine (plan.ts,
 * `roundUp`), so it is made with the transfer, exactly once, under the transfer's
 * Idempotency-Key. The engine makes it only when the account, after the transfer, still covers
 * it (and the pocket is still open and taking round-ups); else there is none, and the transfer is
 * not refused.
 */
export function roundUpEffect(plan: TransferPlan, sender: { roundUpPocket?: number | null; roundUpStep?: number | null }): RoundUpEffect | null {
  if (sender.roundUpPocket == null || !sender.roundUpStep) return null;
  const amount = roundUpOf(plan.amount, Number(sender.roundUpStep));
  if (amount === 0n) return null;
  const pocket = Number(sender.roundUpPocket);
  return {
    type: "roundUp",
    row: {
      kind: "pocket",
      senderWalletId: plan.senderWalletId,
      receiverWalletId: pocket,
      amount,
      currency: plan.currency,
      receivedAmount: amount,
      receivedCurrency: plan.currency,
      rate: "1",
      ...chosenFacts({ channel: "roundup" }),
      createdAt: plan.createdAt,
    },
  };
}
