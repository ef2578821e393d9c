import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { inList } from "@/lib/server/db/claim";
import type { ClaimedRow } from "@/lib/server/notifications/claim";
import type { Credit } from "@/lib/server/notifications/fold";

/**
 * The statements of delivering outbox rows once claimed (claiming is in store-claim.ts): what a
 * message needs to be written, and the outcome recorded on its rows. Plain SQL on the store: the
 * outbox runs beside the requests, and each query through the Prisma client is compiled again on
 * the event loop they share.
 */

/** A notice that tells of no transfer (a schedule's run or warning, a split's reminder). */
export type PlainNotice = { userId: number; channel: string; address: string; text: string };

/**
 * Writes `notices` to the outbox, due at `at`, inside the caller's transaction `tx`: the one place
 * a notice without a transfer is written, so it leaves exactly when what it tells is recorded.
 */
export async function insertPlainNotices(tx: Pick<Sql, "$executeRaw">, notices: PlainNotice[], at: Date): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map((n) => Prisma.sql`(NULL, ${n.userId}, ${n.channel}, ${n.address}, ${n.text}, 'pending', 0, ${at}, ${at})`);
  await tx.$executeRaw`
    INSERT INTO "Notification" ("transferId", "userId", "channel", "address", "text", "status", "attempts", "nextAttemptAt", "createdAt")
    VALUES ${Prisma.join(rows)}`;
}

/**
 * Records an outcome for `rows` (what `set` writes, per the rows' attempts), only where this
 * worker still holds the lease: status `sending` and `attempts` as claimed (a worker that lost
 * its lease to another changes nothing). One statement per distinct `attempts`, usually one.
 */
async function settleRows(rows: ClaimedRow[], set: (attempts: number) => Prisma.Sql): Promise<void> {
  const sql = await sqlOf();
  const byAttempts = new Map<number, number[]>();
  for (const row of rows) byAttempts.set(row.attempts, [...(byAttempts.get(row.attempts) ?? []), row.id]);
  for (const [attempts, ids] of byAttempts) {
    await sql.$executeRaw`UPDATE "Notification" SET ${set(attempts)}
      WHERE "id" ${inList(sql, ids)} AND "status" = 'sending' AND "attempts" = ${attempts}`;
  }
}

/** Rows that did not fit into the message sent: pending again, due at once, not counted as a try. */
export function settleDeferred(rows: ClaimedRow[], now: Date): Promise<void> {
  return settleRows(rows, () => Prisma.sql`"status" = 'pending', "attempts" = "attempts" - 1, "nextAttemptAt" = ${now},
    "leaseUntil" = NULL, "lastError" = NULL`);
}

/** Every row the message told becomes `sent` at once. */
export function settleSent(rows: ClaimedRow[], at: Date): Promise<void> {
  return settleRows(rows, () => Prisma.sql`"status" = 'sent', "sentAt" = ${at}, "lastTriedAt" = ${at},
    "leaseUntil" = NULL, "lastError" = NULL`);
}

/** A "slow down" answer: back to pending until `nextAttemptAt`; not a try, so the attempt the claim counted is given back. */
export function settleSlowDown(rows: ClaimedRow[], at: Date, nextAttemptAt: Date, error: string): Promise<void> {
  return settleRows(rows, () => Prisma.sql`"status" = 'pending', "attempts" = "attempts" - 1,
    "nextAttemptAt" = ${nextAttemptAt}, "lastTriedAt" = ${at}, "leaseUntil" = NULL, "lastError" = ${error}`);
}

/**
 * A failed try: rows are tried again at `retryAt(attempts)`, or given up (`failed`) where it is
 * null.
 */
export function settleFailed(rows: ClaimedRow[], at: Date, error: string, retryAt: (attempts: number) => Date | null): Promise<void> {
  return settleRows(rows, (attempts) => {
    const next = retryAt(attempts);
    return next === null
      ? Prisma.sql`"status" = 'failed', "lastTriedAt" = ${at}, "leaseUntil" = NULL, "lastError" = ${error}`
      : Prisma.sql`"status" = 'pending', "nextAttemptAt" = ${next}, "lastTriedAt" = ${at},
        "leaseUntil" = NULL, "lastError" = ${error}`;
  });
}

/** Rows of users who switched notifications off since the money arrived: given up unsent. */
export function settleSwitchedOff(rows: ClaimedRow[]): Promise<void> {
  return settleRows(rows, () => Prisma.sql`"status" = 'failed', "leaseUntil" = NULL, "lastError" = 'notifications switched off'`);
}

/** Rows given back at once by a stopping server, due again at `now`; not counted as a try. */
export function settleReleased(rows: ClaimedRow[], now: Date): Promise<void> {
  return settleRows(rows, () => Prisma.sql`"status" = 'pending', "attempts" = "attempts" - 1, "nextAttemptAt" = ${now},
    "leaseUntil" = NULL, "lastError" = 'released: the sending server stopped'`);
}

/** Of `userIds`, those with notifications on, with their language as stored. */
export async function notifiedUsers(userIds: number[]): Promise<{ id: number; language: string }[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ id: number | bigint; language: string }[]>`
    SELECT "id", "language" FROM "User" WHERE "id" ${inList(sql, userIds)} AND "notification" = TRUE`;
  return rows.map((row) => ({ id: Number(row.id), language: row.language }));
}

/** The credits behind outbox rows, read from their transfers. */
export async function creditsOf(transferIds: number[]): Promise<Credit[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ kind: string; receivedAmount: bigint; receivedCurrency: string }[]>`
    SELECT "kind", "receivedAmount", "receivedCurrency" FROM "Transfer" WHERE "id" ${inList(sql, transferIds)}`;
  return rows.map((t) => ({ kind: t.kind, amount: BigInt(t.receivedAmount), currency: t.receivedCurrency }));
}
