import "server-only";
import { replicaLag, type ReplicaLag } from "@/lib/server/db/replica";
import { newestRateDay, outboxBacklog } from "@/lib/server/health/store";
import { AppError } from "@/lib/server/platform/errors";
import { lastLedgerCheck } from "@/lib/server/ledger/scheduled-check";
import { logger } from "@/lib/server/platform/log";
import { clockNow } from "@/lib/server/platform/clock";

/** A stuck database must not hold a readiness probe open longer than the prober waits. */
const READY_TIMEOUT_MS = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How fresh the exchange rates are: the newest quote's day and its age in whole days. */
export type RatesFreshness = { latest: string; ageDays: number } | null;

/**
 * The notification outbox's backlog: messages not yet delivered nor given up (waiting, or being
 * sent), and how long the oldest of them has waited, in whole seconds (0 when there is none).
 */
export type OutboxBacklog = { pending: number; oldestPendingSeconds: number };

/**
 * The last ledger check this process ran (null before the first): whether every invariant held,
 * how many breaches it found, and when (the breaches themselves are in the log).
 */
export type LedgerStatus = { ok: boolean; problems: number; checkedAt: string } | null;

/**
 * The read replica (DATABASE_READ_URL; null without one): whether it answers, and how far it is
 * behind the primary (WAL bytes to replay, and seconds since it replayed a transaction while
 * behind). A replica that is down or behind leaves the instance ready: reads go to the primary.
 */
export type Readiness = { status: "ok"; rates: RatesFreshness; outbox: OutboxBacklog; ledger: LedgerStatus; replica: ReplicaLag };

function ledgerStatus(): LedgerStatus {
  const last = lastLedgerCheck();
  return last && { ok: last.ok, problems: last.problemCount, checkedAt: last.checkedAt.toISOString() };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("readiness query timed out")), READY_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Days from a quote's day (YYYY-MM-DD) to today in UTC; 0 for a quote dated ahead (CBR publishes tomorrow's). */
export function quoteAgeDays(day: string, now: Date = clockNow()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((today - Date.parse(`${day}T00:00:00Z`)) / DAY_MS));
}

/**
 * Ready when the database answers in time; reports how old the newest rate is (null when there
 * is none — the server still serves, but cannot convert currencies) and the outbox's backlog
 * (one aggregate over an index of status and age), and the last ledger check. Throws UNAVAILABLE (503) otherwise.
 */
export async function checkReady(now: Date = clockNow()): Promise<Readiness> {
  try {
    const [newest, backlog, replica] = await withTimeout(Promise.all([newestRateDay(), outboxBacklog(), replicaLag()]));
    const { oldest } = backlog;
    return {
      status: "ok",
      rates: newest ? { latest: newest, ageDays: quoteAgeDays(newest) } : null,
      outbox: {
        pending: backlog.pending,
        oldestPendingSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
      },
      ledger: ledgerStatus(),
      replica,
    };
  } catch (error) {
    // The cause goes to the log only; the body stays the generic `{message, code}`.
    logger.warn({ err: error }, "readiness check failed");
    throw new AppError("UNAVAILABLE");
  }
}
