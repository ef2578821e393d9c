import "server-only";
import { createTransfer } from "@/lib/server/ledger/create-transfer";
import { logger } from "@/lib/server/platform/log";
import { AppError } from "@/lib/server/platform/errors";
import { clockNow } from "@/lib/server/platform/clock";
import { periodicPasses } from "@/lib/server/platform/passes";
import { calendarOf } from "@/lib/server/schedules/manage";
import { lowBalanceNotice, runNotice } from "@/lib/server/schedules/notices";
import { claimDueSchedules, markWarned, recordRuns, warnCandidates } from "@/lib/server/schedules/store-runs";
import type { ClaimedSchedule, RunRecord } from "@/lib/server/schedules/store";
import { dueAt, nextOccurrence, warnAt } from "@/lib/shared/schedule-dates";

/** A claimed schedule is this scheduler's for 60 s; then another may take it over. */
export const SCHEDULE_LEASE_MS = 60_000;
/** Schedules one claim takes at most, one per owner. */
const CLAIM_BATCH = 20;
/**
 * Occurrences of one owner's schedules one pass makes at most; the rest wait for the next pass
 * (SCHEDULER_INTERVAL_SECONDS later), so one owner's many due schedules cannot hold a pass.
 */
export const SCHEDULES_PER_OWNER_PER_PASS = 10;
/** Failures in a row after which a schedule pauses itself. */
export const MAX_CONSECUTIVE_FAILURES = 3;
/** The evening-before warning is looked for this far ahead of a run (18:00 the day before → 09:00). */
const WARN_AHEAD_MS = 15 * 60 * 60 * 1000;

/**
 * The idempotency identity of one occurrence: the transfer it makes is recorded under this key,
 * so whoever runs the occurrence again — another instance, this one after a restart, a retry —
 * gets the same transfer back instead of paying twice.
 */
export function occurrenceKey(scheduleId: number, occurrence: string): string {
  return `schedule:${scheduleId}:${occurrence}`;
}

export type PassResult = { ran: number; done: number; failed: number; skipped: number; warned: number };

/**
 * Runs one claimed schedule's due occurrence. Catch-up rule: when several occurrences fell due
 * while no server ran, only the latest is made; the earlier ones are recorded as skipped
 * (reason MISSED) — three missed weekly payments are one payment, not three at once.
 */
async function runOne(schedule: ClaimedSchedule, now: Date, result: PassResult): Promise<void> {
  const calendar = calendarOf(schedule);
  let occurrence = schedule.nextOccurrence!;
  let passed = schedule.occurrences;
  const runs: RunRecord[] = [];
  for (;;) {
    const later = nextOccurrence(calendar, occurrence, passed + 1);
    if (later === null || dueAt(later) > now) break;
    runs.push({ occurrence, status: "skipped", reason: "MISSED", transferId: null });
    occurrence = later;
    passed += 1;
  }
  let run: RunRecord;
  try {
    const transfer = await createTransfer({
      userId: schedule.userId,
      senderWalletId: schedule.senderWalletId,
      receiverWalletId: schedule.receiverWalletId,
      amount: Number(schedule.amount),
      message: schedule.message,
      idempotencyKey: occurrenceKey(schedule.id, occurrence),
      channel: "schedule",
    });
    run = { occurrence, status: "done", reason: null, transferId: Number(transfer.id) };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) {
      // Not a refusal (the database, a rate not loaded yet): tried again once the lease runs out.
      logger.warn({ err: error, schedule: schedule.id, occurrence }, "scheduled transfer could not run");
      return;
    }
    run = { occurrence, status: "failed", reason: error.code, transferId: null };
  }
  runs.push(run);
  passed += 1;
  const next = nextOccurrence(calendar, occurrence, passed);
  const failures = run.status === "done" ? 0 : schedule.consecutiveFailures + 1;
  const pauses = failures >= MAX_CONSECUTIVE_FAILURES;
  const status = next === null ? "finished" : pauses ? "paused" : "active";
  await recordRuns({
    scheduleId: schedule.id,
    ranOccurrence: occurrence,
    runs,
    nextOccurrence: next,
    nextRunAt: next === null ? null : dueAt(next),
    status,
    consecutiveFailures: failures,
    occurrences: passed,
    notice: runNotice(schedule, run, pauses && next !== null ? failures : null),
    now,
  });
  result.ran += 1;
  result[run.status] += 1;
  result.skipped += runs.length - 1;
}

/**
 * The evening before a run (from 18:00 Moscow time), tells the sender whose sending wallet will
 * not cover it; once per occurrence, whichever instance gets there first.
 */
async function warn(now: Date, result: PassResult): Promise<void> {
  const candidates = await warnCandidates(now, new Date(now.getTime() + WARN_AHEAD_MS), 100);
  for (const c of candidates) {
    if (c.nextOccurrence === null || warnAt(c.nextOccurrence) > now) continue;
    if (c.balance !== null && c.balance >= c.amount) continue;
    if (await markWarned(c.id, c.nextOccurrence, lowBalanceNotice(c), now)) result.warned += 1;
  }
}

/**
 * One pass of the scheduler, as if the time were `now`: claims the schedules due and runs each
 * one's occurrence, then sends the evening-before warnings. Fair between owners: each claim takes
 * at most one schedule of each owner (the owners in turn), and a pass makes at most
 * SCHEDULES_PER_OWNER_PER_PASS of one owner's. Every server runs passes (see `startScheduler`);
 * any number may run side by side.
 */
export async function runSchedulerPass(now: Date = clockNow()): Promise<PassResult> {
  const result: PassResult = { ran: 0, done: 0, failed: 0, skipped: 0, warned: 0 };
  const taken = new Map<number, number>();
  const enough: number[] = [];
  for (;;) {
    const claimed = await claimDueSchedules(now, new Date(now.getTime() + SCHEDULE_LEASE_MS), CLAIM_BATCH, enough);
    if (claimed.length === 0) break;
    for (const schedule of claimed) {
      await runOne(schedule, now, result);
      const count = (taken.get(schedule.userId) ?? 0) + 1;
      taken.set(schedule.userId, count);
      if (count === SCHEDULES_PER_OWNER_PER_PASS) enough.push(schedule.userId);
    }
  }
  await warn(now, result);
  return result;
}

const passes = periodicPasses("scheduler", (now) =>
  runSchedulerPass(now).then(
    (result) => {
      if (result.ran > 0 || result.warned > 0) logger.info({ scheduler: result }, "scheduler pass");
    },
    (error: unknown) => logger.warn({ err: error }, "scheduler pass failed"),
  ),
);

/** Runs a pass now, then every `intervalMs` and whenever the clock is moved (`periodicPasses`). */
export const startScheduler = passes.start;
/** Stops the passes; resolves when a pass under way has ended. */
export const stopScheduler = passes.stop;
