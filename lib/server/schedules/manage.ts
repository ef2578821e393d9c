import "server-only";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { MAX_IDEMPOTENCY_KEY_LENGTH, requestHash } from "@/lib/server/ledger/idempotency";
import { AppError } from "@/lib/server/platform/errors";
import { personName } from "@/lib/server/users/dto";
import {
  insertSchedule,
  lastRuns,
  listSchedules,
  ownSchedule,
  scheduleByKey,
  setStatus,
  walletsOf,
  type ListedSchedule,
} from "@/lib/server/schedules/store";
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

export type CreateScheduleOptions = CreateScheduleBody & { userId: number; idempotencyKey: string | null; now: Date };

/**
 * Plans a transfer from one of the caller's wallets to a wallet found as the transfer form finds
 * it: kept as that wallet, so a renamed user is still paid. Refused as a transfer would be where
 * it can be told now (someone else's wallet, the same wallet, the bank's). The first occurrence
 * must be today (before its 09:00 Moscow time) or later. Honours Idempotency-Key: a repeated key
 * with the same body returns the schedule it created, with another body is a 409.
 */
export async function createSchedule(options: CreateScheduleOptions): Promise<ScheduleDto> {
  const { userId, now } = options;
  const key = options.idempotencyKey?.trim() || null;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw new AppError("VALIDATION_ERROR", "errors.idempotencyKeyInvalid");
  const { idempotencyKey: _key, now: _now, userId: _user, ...body } = options;
  void _key;
  void _now;
  void _user;
  const hash = requestHash("schedule", body);
  if (key !== null) {
    const stored = await scheduleByKey(userId, key);
    if (stored) {
      if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
      return readOne(userId, stored.id);
    }
  }
  const wallets = await walletsOf(options.senderWalletId, options.receiverWalletId);
  const sender = wallets.find((w) => w.id === options.senderWalletId);
  if (!sender || sender.userId !== userId) throw new AppError("FORBIDDEN");
  if (options.senderWalletId === options.receiverWalletId) throw new AppError("SAME_WALLET");
  const receiver = wallets.find((w) => w.id === options.receiverWalletId);
  if (!receiver || receiver.isSystem) throw new AppError("WALLET_NOT_FOUND");
  if (options.startDate < moscowDate(now)) throw new AppError("VALIDATION_ERROR", "schedules.errors.startPast");

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
  try {
    const id = await insertSchedule({
      userId,
      senderWalletId: sender.id,
      receiverWalletId: receiver.id,
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
      idempotencyKey: key,
      requestHash: key === null ? null : hash,
      now,
    });
    return readOne(userId, id);
  } catch (error) {
    // The same key sent twice at once: the other request stored it first.
    if (key !== null && isUniqueViolation(error)) return createSchedule(options);
    throw error;
  }
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
 * again from zero. A schedule with nothing left finishes.
 */
export async function resumeSchedule(userId: number, id: number, now: Date): Promise<ScheduleDto> {
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
