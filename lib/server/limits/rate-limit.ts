import "server-only";
import { addHit, countHitsSince, deleteHit, deleteHitsBefore } from "@/lib/server/limits/store";
import { AppError } from "@/lib/server/platform/errors";
import type { MessageKey } from "@/lib/shared/i18n";
import { clockNowMs } from "@/lib/server/platform/clock";

export type RateLimit = {
  /** What is limited, e.g. "code:ip:1.2.3.4". Callers hash personal data (e-mails) first. */
  key: string;
  /** Allowed hits per window. */
  limit: number;
  windowMs: number;
  /** The key of the 429's words, when the limit has words of its own. */
  message?: MessageKey;
};

/**
 * Sliding-window limiter over the `RateLimitHit` table. It lives in the database rather than in
 * memory so that every server process shares one count and a restart does not reset it.
 *
 * The hit is written first and counted afterwards, so concurrent requests cannot all slip through:
 * each one sees at least its own row and every row written before it. A refused hit is removed
 * again, so retrying while blocked does not extend the block. Answers the hit, which a caller whose
 * work then did not happen gives back (`takeBackHit`).
 */
export async function hitRateLimit({ key, limit, windowMs, message }: RateLimit): Promise<number> {
  const since = new Date(clockNowMs() - windowMs);
  // Rows older than the window no longer matter; removing them keeps the table small.
  await deleteHitsBefore(key, since);
  const hit = await addHit(key);
  const count = await countHitsSince(key, since, hit);
  if (count > limit) {
    await deleteHit(hit);
    throw new AppError("RATE_LIMITED", message);
  }
  return hit;
}

/** Gives back a hit whose work was not done after all, so the limit counts only what happened. */
export async function takeBackHit(hit: number): Promise<void> {
  await deleteHit(hit);
}

/** Hits counted for `key` within its window, without adding one. */
export async function countHits({ key, windowMs }: RateLimit): Promise<number> {
  return countHitsSince(key, new Date(clockNowMs() - windowMs));
}

/** Throws RATE_LIMITED when `limit` is already used up, without adding a hit. */
export async function checkRateLimit(limit: RateLimit): Promise<void> {
  if ((await countHits(limit)) >= limit.limit) throw new AppError("RATE_LIMITED");
}

/** Adds one hit to `key` (for limits that count outcomes, such as wrong guesses). */
export async function recordHit({ key }: RateLimit): Promise<void> {
  await addHit(key);
}

/** Runs several limits; the first exhausted one answers 429. */
export async function hitRateLimits(limits: RateLimit[]): Promise<void> {
  for (const limit of limits) await hitRateLimit(limit);
}
