import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { inList } from "@/lib/server/db/claim";
import { dealtWithColumn } from "@/lib/server/ledger/store";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";

/**
 * Every statement about scheduled transfers (the rules are in the modules beside); the scheduler's
 * own — claims, runs, warnings — are in store-runs.ts.
 */

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

/**
 * How a notice to the owner names the recipient: their handle and their Telegram username (which
 * says whether Telegram vouches for the handle), never the name they typed (notices.ts).
 */
export type Recipient = { recipientHandle: string | null; recipientTelegramUsername: string | null };

export const RECIPIENT = Prisma.sql`ru."username" AS "recipientHandle", ru."telegramUsername" AS "recipientTelegramUsername"`;

export type ClaimedSchedule = ScheduleRow & OwnerContact & Recipient;

export const COLUMNS = Prisma.sql`s."id", s."userId", s."senderWalletId", s."receiverWalletId", s."amount", s."currency",
  s."message", s."kind", s."day", s."startDate", s."endDate", s."count", s."status", s."consecutiveFailures",
  s."nextOccurrence", s."occurrences", s."warnedOccurrence", s."createdAt"`;

export const OWNER = Prisma.sql`u."notification" AS "notify", CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId",
  u."email", u."language"`;

export function toRow<T extends ScheduleRow>(row: T): T {
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

/**
 * Both wallets of a schedule to be, with their owners (one row each that exists), and whether
 * `userId` has dealt with the receiving wallet before (either direction; ledger/store.ts).
 */
export async function scheduleWallets(userId: number, senderWalletId: number, receiverWalletId: number) {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ id: number; userId: number; currency: string; isSystem: boolean; dealtWith: unknown }[]>`
    SELECT w."id", w."userId", w."currency", u."isSystem", ${dealtWithColumn(userId, receiverWalletId)}
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId"
    WHERE w."id" IN (${senderWalletId}, ${receiverWalletId}) AND w."pocket" = 0`;
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.userId),
    currency: r.currency,
    isSystem: Boolean(r.isSystem),
    dealtWith: Boolean(Number(r.dealtWith)),
  }));
}

export type NewSchedule = Omit<ScheduleRow, "id" | "status" | "consecutiveFailures" | "warnedOccurrence" | "createdAt"> & {
  /** The session that creates it (null when none does: a script). */
  sessionId: string | null;
  nextRunAt: Date | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: Date;
};

/**
 * Stores a new active schedule unless its owner already holds `limit` active or paused ones (null
 * then); a repeated Idempotency-Key of its owner is a unique violation. Counted and stored in one
 * transaction, with the owner's row locked on PostgreSQL (SQLite's is serial), so concurrent
 * creations cannot pass the limit together.
 */
export async function insertSchedule(s: NewSchedule, limit: number): Promise<number | null> {
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    if (tx.dialect === "postgresql") await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${s.userId} FOR UPDATE`;
    const [held] = await tx.$queryRaw<{ n: number | bigint }[]>`
      SELECT COUNT(*) AS "n" FROM "Schedule" WHERE "userId" = ${s.userId} AND "status" IN ('active', 'paused')`;
    if (Number(held.n) >= limit) return null;
    const [row] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "Schedule" ("userId", "senderWalletId", "receiverWalletId", "amount", "currency", "message", "kind",
        "day", "startDate", "endDate", "count", "status", "consecutiveFailures", "nextOccurrence", "nextRunAt",
        "occurrences", "idempotencyKey", "requestHash", "sessionId", "createdAt", "updatedAt")
      VALUES (${s.userId}, ${s.senderWalletId}, ${s.receiverWalletId}, ${s.amount}, ${s.currency}, ${s.message}, ${s.kind},
        ${s.day}, ${s.startDate}, ${s.endDate}, ${s.count}, 'active', 0, ${s.nextOccurrence}, ${s.nextRunAt},
        ${s.occurrences}, ${s.idempotencyKey}, ${s.requestHash}, ${s.sessionId}, ${s.now}, ${s.now})
      RETURNING "id"`;
    return row ? Number(row.id) : null;
  });
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

/** How a run ended, as recorded. */
export type RunRecord = { occurrence: string; status: "done" | "failed" | "skipped"; reason: string | null; transferId: number | null };

/** A notice for the outbox, without a transfer. */
export type ScheduleNotice = PlainNotice;

/**
 * Pauses the active schedules that session `sessionId` created, and queues the notice
 * `noticeFor` makes for their owner (with how many), in one transaction; how many it paused.
 */
export async function pauseSessionSchedules(
  sessionId: string,
  now: Date,
  noticeFor: (owner: OwnerContact & { userId: number }, count: number) => ScheduleNotice | null,
): Promise<number> {
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    const paused = await tx.$queryRaw<{ userId: number }[]>`
      UPDATE "Schedule" SET "status" = 'paused', "updatedAt" = ${now}
      WHERE "sessionId" = ${sessionId} AND "status" = 'active' RETURNING "userId"`;
    if (paused.length === 0) return 0;
    const userId = Number(paused[0].userId);
    const [owner] = await tx.$queryRaw<OwnerContact[]>`SELECT ${OWNER} FROM "User" u WHERE u."id" = ${userId}`;
    const notice = owner ? noticeFor({ ...owner, userId }, paused.length) : null;
    if (notice) await insertPlainNotices(tx, [notice], now);
    return paused.length;
  });
}
