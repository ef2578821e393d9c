import "server-only";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { requestHash } from "@/lib/server/ledger/idempotency";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { personName } from "@/lib/server/users/dto";
import { countLookup } from "@/lib/server/users/lookup-limit";
import {
  insertSchedule,
  lastRuns,
  listSchedules,
  ownSchedule,
  scheduleByKey,
  setStatus,
  scheduleWallets,
  type ListedSchedule,
  type NewSchedule,
} from "@/lib/server/schedules/store";
import { revokedMeanwhile } from "@/lib/server/schedules/session";
import { maskAccountNumber } from "@/lib/shared/account-number";
import { isCurrency } from "@/lib/shared/money";
import { dueAt, moscowDate, nextOccurrence, weekdayOf, type ScheduleCalendar, type ScheduleKind } from "@/lib/shared/schedule-dates";
import type { CreateScheduleBody, ScheduleDto } from "@/lib/shared/schemas/schedules";

/** The list shows the latest 100 schedules; each with its latest 5 runs. */
const LIST_LIMIT = 100;
const RUNS_SHOWN = 5;

export function calendarOf(row: Pick<ListedSchedule, "kind" | "day" | "startDate" | "endDate" | "count">): ScheduleCalendar {
  return { kind: row.kind as ScheduleKind, day: row.day, startDate: row.startDate, endDate: row.endDate, count: row.count };
}

function toDto(row: ListedSchedule, runs: Awaited<ReturnType<typeof lastRuns>>): ScheduleDto {
  const currency = isCurrency(row.currency) ? row.currency : "RUB";
  const received = isCurrency(row.receivedCurrency) ? row.receivedCurrency : currency;
  return {
    id: row.id,
    senderWalletId: row.senderWalletId,
    receiverWalletId: row.receiverWalletId,
    amount: Number(row.amount),
    currency,
    message: row.message,
    kind: row.kind as ScheduleKind,
    day: row.day,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.count,
    status: row.status as ScheduleDto["status"],
    consecutiveFailures: row.consecutiveFailures,
    nextOccurrence: row.status === "active" ? row.nextOccurrence : null,
    recipient: {
      name: personName({ username: row.recipientUsername, telegramFirstName: row.recipientFirstName }),
      account: row.recipientNumber ? maskAccountNumber(row.recipientNumber) : "",
      currency: received,
    },
    runs: runs
      .filter((r) => r.scheduleId === row.id)
      .slice(0, RUNS_SHOWN)
      .map((r) => ({ occurrence: r.occurrence, status: r.status as "done" | "failed" | "skipped", reason: r.reason, transferId: r.transferId })),
    createdAt: row.createdAt.toISOString(),
  };
}

async function readOne(userId: number, id: number): Promise<ScheduleDto> {
  const row = await ownSchedule(userId, id);
  if (!row) throw new AppError("NOT_FOUND");
  return toDto(row, await lastRuns([id], RUNS_SHOWN));
}

/** The first occurrence of a calendar that is not yet due at `now`, from `from` on; null when none. */
export function firstAhead(calendar: ScheduleCalendar, from: string | null, passed: number, now: Date): { occurrence: string | null; passed: number } {
  let occurrence = nextOccurrence(calendar, from, passed);
  while (occurrence !== null && dueAt(occurrence) <= now) {
    passed += 1;
    occurrence = nextOccurrence(calendar, occurrence, passed);
  }
  return { occurrence, passed };
}

/**
 * `sessionId`: the session that asks (null for none: a script), kept with the schedule;
 * `idempotencyKey`: the request's key as the route wrapper checked it (null: none).
 */
export type CreateScheduleOptions = CreateScheduleBody & { userId: number; sessionId: string | null; idempotencyKey: string | null; now: Date };

/**
 * Plans a transfer from one of the caller's wallets to a wallet found as the transfer form finds
 * it: kept as that wallet, so a renamed user is still paid. Refused as a transfer would be where
 * it can be told now (someone else's wallet, the same wallet, the bank's), and counted as a lookup
 * where a transfer would be (a wallet never dealt with). The first occurrence
 * must be today (before its 09:00 Moscow time) or later. Honours Idempotency-Key: a repeated key
 * with the same body returns the schedule it created, with another body is a 409. Kept with the
 * session that asks, and undone (401) when that session was revoked meanwhile (session.ts).
 */
export async function createSchedule(options: CreateScheduleOptions): Promise<ScheduleDto> {
  const { userId, now, idempotencyKey: key } = options;
  const { idempotencyKey: _key, now: _now, userId: _user, sessionId: _session, ...body } = options;
  void _key;
  void _now;
  void _user;
  void _session;
  const hash = requestHash("schedule", body);
  if (key !== null) {
    const stored = await scheduleByKey(userId, key);
    if (stored) {
      if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
      return readOne(userId, stored.id);
    }
  }
  const wallets = await scheduleWallets(userId, options.senderWalletId, options.receiverWalletId);
  const sender = wallets.find((w) => w.id === options.senderWalletId);
  if (!sender || sender.userId !== userId) throw new AppError("FORBIDDEN");
  if (options.senderWalletId === options.receiverWalletId) throw new AppError("SAME_WALLET");
  const receiver = wallets.find((w) => w.id === options.receiverWalletId);
  // The answer names the receiving wallet's owner (or says there is none): to a wallet never dealt
  // with, that is a lookup, counted as a transfer's is before anything about the wallet is told.
  if ((!receiver || receiver.userId !== userId) && !sender.dealtWith) await countLookup(userId);
  if (!receiver || receiver.isSystem) throw new AppError("WALLET_NOT_FOUND");
  if (options.startDate < moscowDate(now)) throw new AppError("VALIDATION_ERROR", "schedules.errors.startPast");

  const schedule = planned(options, sender, receiver.id, { key, hash });
  try {
    const id = await insertSchedule(schedule, getEnv().scheduleLimitPerUser);
    // Each active or paused schedule is a transfer the scheduler makes unasked: SCHEDULE_LIMIT_PER_USER.
    if (id === null) throw new AppError("SCHEDULE_LIMIT");
    if (await revokedMeanwhile(options.sessionId)) {
      // The session ended while this was stored: the schedule goes with it, and the answer is its 401.
      await setStatus({ userId, id, from: ["active", "paused"], status: "cancelled", nextOccurrence: null, nextRunAt: null, now });
      throw new AppError("UNAUTHORIZED");
    }
    return readOne(userId, id);
  } catch (error) {
    // The same key sent twice at once: the other request stored it first.
    if (key !== null && isUniqueViolation(error)) return createSchedule(options);
    throw error;
  }
}

/** The schedule to store: its calendar from the body, its first occurrence not yet due at `now`. */
function planned(
  options: CreateScheduleOptions,
  sender: { id: number; currency: string },
  receiverWalletId: number,
  idempotency: { key: string | null; hash: string },
): NewSchedule {
  const { now } = options;
  const day = options.kind === "once" ? 0 : (options.day ?? (options.kind === "weekly" ? weekdayOf(options.startDate) : Number(options.startDate.slice(8))));
  const calendar: ScheduleCalendar = {
    kind: options.kind,
    day,
    startDate: options.startDate,
    endDate: options.endDate ?? null,
    count: options.count ?? null,
  };
  const first = firstAhead(calendar, null, 0, now);
  if (first.occurrence === null) throw new AppError("VALIDATION_ERROR", "schedules.errors.noOccurrence");
  return {
    userId: options.userId,
    senderWalletId: sender.id,
    receiverWalletId,
    amount: BigInt(options.amount),
    currency: sender.currency,
    message: options.message ?? null,
    kind: options.kind,
    day,
    startDate: options.startDate,
    endDate: calendar.endDate,
    count: calendar.count,
    nextOccurrence: first.occurrence,
    nextRunAt: dueAt(first.occurrence),
    // A start today after its 09:00 begins with the next occurrence; today's counts as passed.
    occurrences: first.passed,
    sessionId: options.sessionId,
    idempotencyKey: idempotency.key,
    requestHash: idempotency.key === null ? null : idempotency.hash,
    now,
  };
}

/** The caller's schedules (not the cancelled ones), newest first, each with its latest runs. */
export async function listOwnSchedules(userId: number): Promise<ScheduleDto[]> {
  const rows = await listSchedules(userId, LIST_LIMIT);
  const runs = await lastRuns(rows.map((r) => r.id), RUNS_SHOWN);
  return rows.map((row) => toDto(row, runs));
}

/** Pauses an active schedule: nothing runs until it is resumed. Pausing a paused one changes nothing. */
export async function pauseSchedule(userId: number, id: number, now: Date): Promise<ScheduleDto> {
  const row = await ownSchedule(userId, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "active") await setStatus({ userId, id, from: ["active"], status: "paused", now });
  else if (row.status !== "paused") throw new AppError("SCHEDULE_INACTIVE");
  return readOne(userId, id);
}

/**
 * Resumes a paused schedule from its next occurrence not yet due: occurrences that fell while it
 * was paused are not made (they count towards an end by count), and its failures in a row start
 * again from zero. A schedule with nothing left finishes. Undone (401) when `sessionId` was
 * revoked meanwhile (session.ts).
 */
export async function resumeSchedule(userId: number, id: number, now: Date, sessionId: string | null = null): Promise<ScheduleDto> {
  const row = await ownSchedule(userId, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "active") return readOne(userId, id);
  if (row.status !== "paused") throw new AppError("SCHEDULE_INACTIVE");
  const calendar = calendarOf(row);
  let occurrence = row.nextOccurrence;
  let passed = row.occurrences;
  if (occurrence !== null && dueAt(occurrence) <= now) ({ occurrence, passed } = firstAhead(calendar, occurrence, passed + 1, now));
  await setStatus({
    userId,
    id,
    from: ["paused"],
    status: occurrence === null ? "finished" : "active",
    nextOccurrence: occurrence,
    nextRunAt: occurrence === null ? null : dueAt(occurrence),
    occurrences: passed,
    now,
  });
  // The session ended meanwhile: paused again, as a revoked session leaves nothing running.
  if (await revokedMeanwhile(sessionId)) {
    await setStatus({ userId, id, from: ["active"], status: "paused", now });
    throw new AppError("UNAUTHORIZED");
  }
  return readOne(userId, id);
}

/** Cancels a schedule for good (an occurrence already under way still ends as it began). */
export async function cancelSchedule(userId: number, id: number, now: Date): Promise<ScheduleDto> {
  const row = await ownSchedule(userId, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status === "active" || row.status === "paused") {
    await setStatus({ userId, id, from: ["active", "paused"], status: "cancelled", nextOccurrence: null, nextRunAt: null, now });
  }
  return readOne(userId, id);
}
