/**
 * How a split's total becomes its shares, in integer minor units (no floats). Both sides use it:
 * the form shows the shares before it sends them, the server makes them.
 */

/** Equal parts of the total, or the amounts each share is given. */
export const SPLIT_MODES = ["equal", "amounts"] as const;

/**
 * A share's state: paid through its request; settled outside the app (marked by the organiser,
 * or the organiser's own part); pending (its request can still be paid); declined (its request
 * was cancelled or expired unpaid).
 */
export const SHARE_STATUSES = ["paid", "settled", "pending", "declined"] as const;

/** At most this many shares in one split: each is a payment request of the organiser's. */
export const MAX_SPLIT_SHARES = 20;

/**
 * `total` in `count` equal shares that sum to it exactly: each gets `total / count` rounded down,
 * and the remainder's minor units go one each to the first shares, in order — so the same split
 * always gives the same shares, and no two differ by more than one minor unit.
 */
export function equalShares(total: bigint, count: number): bigint[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("a split needs at least one share");
  if (total < BigInt(count)) throw new RangeError("every share must be at least one minor unit");
  const n = BigInt(count);
  const base = total / n;
  const remainder = Number(total % n);
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1n : 0n));
}

/** The sum of some amounts of minor units. */
export function sumShares(amounts: readonly (bigint | number)[]): bigint {
  return amounts.reduce<bigint>((sum, amount) => sum + BigInt(amount), 0n);
}
