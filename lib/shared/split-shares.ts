/**
 * How a split's total becomes its shares, in integer minor units (no floats). Both sides use it:
 * the form shows the shares before it sends them, the server makes them.
 */

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
