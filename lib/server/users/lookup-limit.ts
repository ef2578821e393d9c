import "server-only";
import type { CounterWindow } from "@/lib/server/db/counter";
import { addLookup, takeBackLookup } from "@/lib/server/limits/store";
import { fixedWindowAt } from "@/lib/server/limits/window";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { clockNow } from "@/lib/server/platform/clock";

const WINDOW_MS = 10 * 60 * 1000;

/**
 * The lookup limit: the directory can be searched to send money, not walked. A user may look up
 * LOOKUP_LIMIT_PER_USER other users (a profile or their wallets; a transfer to a wallet they never
 * dealt with counts too) per 10 minutes, then 429. Counted on the user's row of "LookupCounter"
 * (lib/server/db/counter.ts) over fixed 10-minute windows, this one and the one before counting
 * whole, like the sending limit (lib/server/ledger/transfer-limits.ts): never more than the limit
 * in any 10 minutes, and a user who used it up waits until the end of the next window (10 to 20
 * minutes). One primary-key row, whatever the limit; every instance shares it.
 */
export function lookupWindowAt(at: Date): CounterWindow {
  return fixedWindowAt(at, WINDOW_MS);
}

/**
 * Counts one lookup of another user for `callerId`, before anything about that user is told. The
 * lookup is written first and the total it answers is checked afterwards, so concurrent lookups
 * cannot all slip through; a refused one is taken back, so retrying while blocked does not extend
 * the block.
 */
export async function countLookup(callerId: number): Promise<void> {
  const total = await addLookup(callerId, lookupWindowAt(clockNow()));
  if (total > getEnv().lookupLimitPerUser) {
    await takeBackLookup(callerId);
    throw new AppError("RATE_LIMITED");
  }
}

/** What a transfer's first read holds of its sender's lookup counter (lib/server/ledger/store.ts). */
export type LookupRow = { lookedUpThisWindow?: number | bigint | null; lookedUpLastWindow?: number | bigint | null };

/** For a transfer that counts as a lookup: 429 once the sender's lookups, as read, are used up. */
export function checkLookupsLeft(row: LookupRow): void {
  if (Number(row.lookedUpThisWindow ?? 0) + Number(row.lookedUpLastWindow ?? 0) >= getEnv().lookupLimitPerUser) {
    throw new AppError("RATE_LIMITED");
  }
}

/** The plan's `countLookup` effect (lib/server/ledger/plan.ts): one lookup, counted with the transfer in its transaction. */
export type LookupEffect = { type: "countLookup"; userId: number; windowStart: Date; previousStart: Date };

/** The plan's effect that counts the lookup with the transfer, in its transaction (lib/server/ledger/store-engine.ts). */
export function countLookupEffect(userId: number, at: Date): LookupEffect {
  return { type: "countLookup", userId, ...lookupWindowAt(at) };
}
