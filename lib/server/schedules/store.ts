import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { inList, skipLockedRows } from "@/lib/server/db/claim";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";

/** Every statement about scheduled transfers and their runs (the rules are in the modules beside). */

/** A schedule as stored. */
export type ScheduleRow = {
  id: number;
  userId: number;
  senderWalletId: number;
  receiverWalletId: number;
  amount: bigint;
  currency: string;
  message: string | null;
  kind: string;
  day: number;
  startDate: string;
  endDate: string | null;
  count: number | null;
  status: string;
  consecutiveFailures: number;
  nextOccurrence: string | null;
  occurrences: number;
  warnedOccurrence: string | null;
  createdAt: Date;
};

/** Where a notice to a schedule's owner goes, read with the schedule. */
export type OwnerContact = {
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  language: string;
};

export type ClaimedSchedule = ScheduleRow & OwnerContact & { recipientName: string | null };

const COLUMNS = Prisma.sql`s."id", s."userId", s."senderWalletId", s."receiverWalletId", s."amount", s."currency",
  s."message", s."kind", s."day", s."startDate", s."endDate", s."count", s."status", s."consecutiveFailures",
  s."nextOccurrence", s."occurrences", s."warnedOccurrence", s."createdAt"`;

const OWNER = Prisma.sql`u."notification" AS "notify", CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId",
  u."email", u."language"`;

function toRow<T extends ScheduleRow>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    userId: Number(row.userId),
    senderWalletId: Number(row.senderWalletId),
    receiverWalletId: Number(row.receiverWalletId),
    amount: BigInt(row.amount),
    day: Number(row.day),
    count: row.count === null ? null : Number(row.count),
    consecutiveFailures: Number(row.consecutiveFailures),
    occurrences: Number(row.occurrences),
    createdAt: new Date(row.createdAt),
  };
}

/** Both wallets of a schedule to be, with their owners (one row each that exists). */
export async function walletsOf(senderWalletId: number, receiverWalletId: number) {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ id: number; userId: number; currency: string; isSystem: boolean }[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem" FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${senderWalletId}, ${receiverWalletId})`;
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.userId), currency: r.currency, isSystem: Boolean(r.isSystem) }));
}

export type NewSchedule = Omit<ScheduleRow, "id" | "status" | "consecutiveFailures" | "warnedOccurrence" | "createdAt"> & {
  nextRunAt: Date | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: Date;
};

/** Stores a new active schedule; a repeated Idempotency-Key of its owner is a unique violation. */
export async function insertSchedule(s: NewSchedule): Promise<number> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<{ id: number }[]>`
    INSERT INTO "Schedule" ("userId", "senderWalletId", "receiverWalletId", "amount", "currency", "message", "kind",
      "day", "startDate", "endDate", "count", "status", "consecutiveFailures", "nextOccurrence", "nextRunAt",
      "occurrences", "idempotencyKey", "requestHash", "createdAt", "updatedAt")
    VALUES (${s.userId}, ${s.senderWalletId}, ${s.receiverWalletId}, ${s.amount}, ${s.currency}, ${s.message}, ${s.kind},
      ${s.day}, ${s.startDate}, ${s.endDate}, ${s.count}, 'active', 0, ${s.nextOccurrence}, ${s.nextRunAt},
      ${s.occurrences}, ${s.idempotencyKey}, ${s.requestHash}, ${s.now}, ${s.now})
    RETURNING "id"`;
  return Number(row.id);
}

/** The schedule an owner created with an Idempotency-Key, and the hash of that request. */
export async function scheduleByKey(userId: number, key: string): Promise<{ id: number; requestHash: string | null } | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<{ id: number; requestHash: string | null }[]>`
    SELECT "id", "requestHash" FROM "Schedule" WHERE "userId" = ${userId} AND "idempotencyKey" = ${key}`;
  return row ? { id: Number(row.id), requestHash: row.requestHash } : null;
}

/** A schedule as its owner lists it: with the recipient's name and account number. */
export type ListedSchedule = ScheduleRow & {
  recipientUsername: string | null;
  recipientFirstName: string | null;
  recipientNumber: string;
  receivedCurrency: string;
};

const LISTED = Prisma.sql`SELECT ${COLUMNS}, u."username" AS "recipientUsername", u."telegramFirstName" AS "recipientFirstName",
    w."number" AS "recipientNumber", w."currency" AS "receivedCurrency"
  FROM "Schedule" s LEFT JOIN "Wallet" w ON w."id" = s."receiverWalletId" LEFT JOIN "User" u ON u."id" = w."userId"`;

/** The owner's schedules, newest first, cancelled ones left out. */
export async function listSchedules(userId: number, limit: number): Promise<ListedSchedule[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<ListedSchedule[]>`${LISTED}
    WHERE s."userId" = ${userId} AND s."status" <> 'cancelled' ORDER BY s."id" DESC LIMIT ${limit}`;
  return rows.map(toRow);
}

/** One of the owner's schedules (null for anyone else's or none). */
export async function ownSchedule(userId: number, id: number): Promise<ListedSchedule | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<ListedSchedule[]>`${LISTED} WHERE s."id" = ${id} AND s."userId" = ${userId}`;
  return row ? toRow(row) : null;
}

/** The last runs of schedules, newest first, at most `perSchedule` each. */
export async function lastRuns(scheduleIds: number[], perSchedule: number) {
  if (scheduleIds.length === 0) return [];
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ scheduleId: number; occurrence: string; status: string; reason: string | null; transferId: number | null }[]>`
    SELECT "scheduleId", "occurrence", "status", "reason", "transferId" FROM (
      SELECT r.*, ROW_NUMBER() OVER (PARTITION BY "scheduleId" ORDER BY "occurrence" DESC) AS "n" FROM "ScheduleRun" r
      WHERE "scheduleId" ${inList(sql, scheduleIds)}) x
    WHERE "n" <= ${perSchedule} ORDER BY "occurrence" DESC`;
  return rows.map((r) => ({ ...r, scheduleId: Number(r.scheduleId), transferId: r.transferId === null ? null : Number(r.transferId) }));
}

/**
 * Sets a schedule's status (and its next occurrence, which resuming recomputes) where it is the
 * owner's and in one of `from`; whether it changed.
 */
export async function setStatus(options: {
  userId: number;
  id: number;
  from: string[];
  status: string;
  nextOccurrence?: string | null;
  nextRunAt?: Date | null;
  occurrences?: number;
  now: Date;
}): Promise<boolean> {
  const sql = await sqlOf();
  const next =
    options.nextOccurrence === undefined
      ? Prisma.empty
      : Prisma.sql`, "nextOccurrence" = ${options.nextOccurrence}, "nextRunAt" = ${options.nextRunAt ?? null}, "consecutiveFailures" = 0`;
  const passed = options.occurrences === undefined ? Prisma.empty : Prisma.sql`, "occurrences" = ${options.occurrences}`;
  const changed = await sql.$executeRaw`
    UPDATE "Schedule" SET "status" = ${options.status}, "updatedAt" = ${options.now} ${next} ${passed}
    WHERE "id" = ${options.id} AND "userId" = ${options.userId} AND "status" ${inList(sql, options.from)}`;
  return changed > 0;
}

/**
 * Takes up to `limit` active schedules whose next occurrence is due at `now` and that no other
 * scheduler holds, and holds them until `leaseUntil`: in one transaction, with the rows locked
 * SKIP LOCKED on PostgreSQL, so schedulers of several instances claim side by side and never take
 * the same schedule (the outbox's claims are the model). A scheduler that dies holding one lets
 * its lease run out; the next claim takes it over, and the occurrence's idempotency key keeps a
 * payment it had made from being made again.
 */
export async function claimDueSchedules(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedSchedule[]> {
  const sql = await sqlOf();
  const due = Prisma.sql`"status" = 'active' AND "nextRunAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})`;
  // An idle scheduler only reads: a claim's transaction would take SQLite's write lock each time.
  const any = await sql.$queryRaw<unknown[]>`SELECT "id" FROM "Schedule" WHERE ${due} LIMIT 1`;
  if (any.length === 0) return [];
  return sql.transaction(async (tx) => {
    const ids = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "Schedule" WHERE ${due} ORDER BY "nextRunAt", "id" LIMIT ${limit} ${skipLockedRows(tx)}`;
    if (ids.length === 0) return [];
    const taken = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "Schedule" SET "leaseUntil" = ${leaseUntil}
      WHERE "id" ${inList(tx, ids.map((r) => Number(r.id)))} AND ${due} RETURNING "id"`;
    if (taken.length === 0) return [];
    const rows = await tx.$queryRaw<ClaimedSchedule[]>`
      SELECT ${COLUMNS}, ${OWNER}, COALESCE(ru."telegramFirstName", ru."username") AS "recipientName"
      FROM "Schedule" s JOIN "User" u ON u."id" = s."userId"
      LEFT JOIN "Wallet" rw ON rw."id" = s."receiverWalletId" LEFT JOIN "User" ru ON ru."id" = rw."userId"
      WHERE s."id" ${inList(tx, taken.map((r) => Number(r.id)))} ORDER BY s."id"`;
    return rows.map(toRow);
  });
}

/** How a run ended, as recorded. */
export type RunRecord = { occurrence: string; status: "done" | "failed" | "skipped"; reason: string | null; transferId: number | null };

/** A notice for the outbox, without a transfer. */
export type ScheduleNotice = PlainNotice;

/**
 * Records what became of a claimed schedule's occurrences and moves it on, in one transaction:
 * the runs (an occurrence already recorded stays as it was: `ON CONFLICT DO NOTHING`), the
 * schedule's next occurrence, status, failure count and occurrences passed, its lease released,
 * and the notice to its owner. The schedule moves on only from the occurrence this scheduler ran,
 * so a late twin changes nothing.
 */
export async function recordRuns(options: {
  scheduleId: number;
  ranOccurrence: string;
  runs: RunRecord[];
  nextOccurrence: string | null;
  nextRunAt: Date | null;
  status: string;
  consecutiveFailures: number;
  occurrences: number;
  notice: ScheduleNotice | null;
  now: Date;
}): Promise<void> {
  const sql = await sqlOf();
  await sql.transaction(async (tx) => {
    for (const run of options.runs) {
      await tx.$executeRaw`
        INSERT INTO "ScheduleRun" ("scheduleId", "occurrence", "status", "reason", "transferId", "createdAt")
        VALUES (${options.scheduleId}, ${run.occurrence}, ${run.status}, ${run.reason}, ${run.transferId}, ${options.now})
        ON CONFLICT ("scheduleId", "occurrence") DO NOTHING`;
    }
    const moved = await tx.$executeRaw`
      UPDATE "Schedule" SET "nextOccurrence" = ${options.nextOccurrence}, "nextRunAt" = ${options.nextRunAt},
        "status" = CASE WHEN "status" = 'active' THEN ${options.status} ELSE "status" END,
        "consecutiveFailures" = ${options.consecutiveFailures}, "occurrences" = ${options.occurrences},
        "leaseUntil" = NULL, "updatedAt" = ${options.now}
      WHERE "id" = ${options.scheduleId} AND "nextOccurrence" <= ${options.ranOccurrence}`;
    if (moved > 0 && options.notice) await insertPlainNotices(tx, [options.notice], options.now);
  });
}

/** A schedule whose sender may need the evening-before warning. */
export type WarnCandidate = ScheduleRow & OwnerContact & { balance: bigint | null; recipientName: string | null };

/**
 * Active schedules whose next occurrence falls before `until` and whose sender was not yet warned
 * about it, with the sending wallet's balance (null when the wallet is gone).
 */
export async function warnCandidates(now: Date, until: Date, limit: number): Promise<WarnCandidate[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<WarnCandidate[]>`
    SELECT ${COLUMNS}, ${OWNER}, w."balance", COALESCE(ru."telegramFirstName", ru."username") AS "recipientName"
    FROM "Schedule" s JOIN "User" u ON u."id" = s."userId"
    LEFT JOIN "Wallet" w ON w."id" = s."senderWalletId" AND w."userId" = s."userId"
    LEFT JOIN "Wallet" rw ON rw."id" = s."receiverWalletId" LEFT JOIN "User" ru ON ru."id" = rw."userId"
    WHERE s."status" = 'active' AND s."nextRunAt" > ${now} AND s."nextRunAt" <= ${until}
      AND (s."warnedOccurrence" IS NULL OR s."warnedOccurrence" <> s."nextOccurrence")
    ORDER BY s."nextRunAt", s."id" LIMIT ${limit}`;
  return rows.map((r) => ({ ...toRow(r), balance: r.balance === null ? null : BigInt(r.balance) }));
}

/**
 * Marks the sender warned about `occurrence`, and queues the warning with it when there is one:
 * only the scheduler whose update changed the row writes the notice, so several instances warn
 * once.
 */
export async function markWarned(scheduleId: number, occurrence: string, notice: ScheduleNotice | null, now: Date): Promise<boolean> {
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE "Schedule" SET "warnedOccurrence" = ${occurrence}
      WHERE "id" = ${scheduleId} AND "nextOccurrence" = ${occurrence}
        AND ("warnedOccurrence" IS NULL OR "warnedOccurrence" <> ${occurrence})`;
    if (changed > 0 && notice) await insertPlainNotices(tx, [notice], now);
    return changed > 0;
  });
}

/** Of `transferIds`, those made by a schedule's run, with the schedule. */
export async function schedulesOfTransfers(transferIds: number[]): Promise<Map<number, number>> {
  if (transferIds.length === 0) return new Map();
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ transferId: number; scheduleId: number }[]>`
    SELECT "transferId", "scheduleId" FROM "ScheduleRun" WHERE "transferId" ${inList(sql, transferIds)}`;
  return new Map(rows.map((r) => [Number(r.transferId), Number(r.scheduleId)]));
}
