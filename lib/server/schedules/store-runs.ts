import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { inList, skipLockedRows } from "@/lib/server/db/claim";
import { insertPlainNotices } from "@/lib/server/notifications/store";
import {
  COLUMNS,
  OWNER,
  RECIPIENT,
  toRow,
  type ClaimedSchedule,
  type OwnerContact,
  type Recipient,
  type RunRecord,
  type ScheduleNotice,
  type ScheduleRow,
} from "@/lib/server/schedules/store";

/** The scheduler's statements: claiming due schedules, recording their runs, the evening's warnings. */

/**
 * Takes up to `limit` active schedules whose next occurrence is due at `now` and that no other
 * scheduler holds — at most one per owner, the owner whose schedule is due longest first, and
 * none of `skipOwners` — and holds them until `leaseUntil`: in one transaction, with the rows
 * locked SKIP LOCKED on PostgreSQL, so schedulers of several instances claim side by side and
 * never take the same schedule (the outbox's claims are the model). One owner per claim makes a
 * pass take owners in turn: however many of one owner's schedules are due, another owner's due at
 * the same moment is in the first claim. A scheduler that dies holding one lets its lease run out;
 * the next claim takes it over, and the occurrence's idempotency key keeps a payment it had made
 * from being made again.
 */
export async function claimDueSchedules(now: Date, leaseUntil: Date, limit: number, skipOwners: readonly number[] = []): Promise<ClaimedSchedule[]> {
  const sql = await sqlOf();
  const due = Prisma.sql`"status" = 'active' AND "nextRunAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})`;
  const owners = skipOwners.length === 0 ? Prisma.empty : Prisma.sql`AND NOT ("userId" ${inList(sql, skipOwners)})`;
  // An idle scheduler only reads: a claim's transaction would take SQLite's write lock each time.
  const any = await sql.$queryRaw<unknown[]>`SELECT "id" FROM "Schedule" WHERE ${due} ${owners} LIMIT 1`;
  if (any.length === 0) return [];
  return sql.transaction(async (tx) => {
    // Each owner's first due schedule (a window function cannot be locked: its rows are picked
    // first, then locked by id).
    const ids = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "Schedule" WHERE "id" IN (
        SELECT "id" FROM (
          SELECT "id", "nextRunAt", ROW_NUMBER() OVER (PARTITION BY "userId" ORDER BY "nextRunAt", "id") AS "turn"
          FROM "Schedule" WHERE ${due} ${owners}) firsts
        WHERE "turn" = 1 ORDER BY "nextRunAt", "id" LIMIT ${limit})
      AND ${due} ${skipLockedRows(tx)}`;
    if (ids.length === 0) return [];
    const taken = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "Schedule" SET "leaseUntil" = ${leaseUntil}
      WHERE "id" ${inList(tx, ids.map((r) => Number(r.id)))} AND ${due} RETURNING "id"`;
    if (taken.length === 0) return [];
    const rows = await tx.$queryRaw<ClaimedSchedule[]>`
      SELECT ${COLUMNS}, ${OWNER}, ${RECIPIENT}
      FROM "Schedule" s JOIN "User" u ON u."id" = s."userId"
      LEFT JOIN "Wallet" rw ON rw."id" = s."receiverWalletId" LEFT JOIN "User" ru ON ru."id" = rw."userId"
      WHERE s."id" ${inList(tx, taken.map((r) => Number(r.id)))} ORDER BY s."nextRunAt", s."id"`;
    return rows.map(toRow);
  });
}

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
export type WarnCandidate = ScheduleRow & OwnerContact & Recipient & { balance: bigint | null };

/**
 * Active schedules whose next occurrence falls before `until` and whose sender was not yet warned
 * about it, with the sending wallet's balance (null when the wallet is gone).
 */
export async function warnCandidates(now: Date, until: Date, limit: number): Promise<WarnCandidate[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<WarnCandidate[]>`
    SELECT ${COLUMNS}, ${OWNER}, w."balance", ${RECIPIENT}
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

