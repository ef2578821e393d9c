import "server-only";
import { getDb } from "@/lib/server/db";
import { logger } from "@/lib/server/platform/log";
import { processState } from "@/lib/server/platform/process-state";
import { clockNow } from "@/lib/server/platform/clock";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long records that only guard against repeats are kept. Idempotency keys: 24 hours (as
 * Stripe keeps them) — a request repeated later with the same key is a new request. Rate-limit
 * hits: 24 hours, longer than any limit's window. Expired sign-in codes, challenges and used init
 * data: until they expire. Refresh tokens: a day past their expiry.
 */
export const RETENTION = {
  idempotencyKeyMs: 24 * HOUR_MS,
  rateLimitHitMs: 24 * HOUR_MS,
  expiredRefreshTokenMs: 24 * HOUR_MS,
  /** Delivered or given-up credit notifications: 30 days (their transfers stay for good). */
  settledNotificationMs: 30 * 24 * HOUR_MS,
} as const;

/** Every 10 minutes, in every process (the deletes are idempotent; several instances may overlap). */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export type SweepResult = Record<
  | "rateLimitHits"
  | "emailCodes"
  | "emailChallenges"
  | "usedInitData"
  | "idempotencyKeys"
  | "refreshTokens"
  | "notifications",
  number
>;

/** Removes what no longer guards anything; returns how many rows of each kind went. */
export async function sweep(now: Date = clockNow()): Promise<SweepResult> {
  const db = getDb();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const [rateLimitHits, emailCodes, emailChallenges, usedInitData, idempotencyKeys, refreshTokens, notifications] = [
    await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: before(RETENTION.rateLimitHitMs) } } }),
    await db.emailCode.deleteMany({ where: { expiresAt: { lt: now } } }),
    await db.emailChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
    await db.usedInitData.deleteMany({ where: { expiresAt: { lt: now } } }),
    await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: before(RETENTION.idempotencyKeyMs) } } }),
    await db.refreshToken.deleteMany({ where: { expiresAt: { lt: before(RETENTION.expiredRefreshTokenMs) } } }),
    await db.notification.deleteMany({
      where: { status: { in: ["sent", "failed"] }, createdAt: { lt: before(RETENTION.settledNotificationMs) } },
    }),
  ];
  return {
    rateLimitHits: rateLimitHits.count,
    emailCodes: emailCodes.count,
    emailChallenges: emailChallenges.count,
    usedInitData: usedInitData.count,
    idempotencyKeys: idempotencyKeys.count,
    refreshTokens: refreshTokens.count,
    notifications: notifications.count,
  };
}

const state = processState("sweeper", () => ({ timer: null as NodeJS.Timeout | null }));

/** Sweeps now and then every SWEEP_INTERVAL_MS, once per process; failures are logged. */
export function startSweeper(): void {
  if (state.timer) return;
  const run = () =>
    sweep().then(
      (removed) => logger.info({ removed }, "sweep"),
      (error: unknown) => logger.warn({ err: error }, "sweep failed"),
    );
  void run();
  state.timer = setInterval(() => void run(), SWEEP_INTERVAL_MS);
  state.timer.unref();
}

/** Stops the periodic sweep (tests). */
export function stopSweeper(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
