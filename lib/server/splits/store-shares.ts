import "server-only";
import { sqlOf } from "@/lib/server/db";
import { inList } from "@/lib/server/db/claim";
import { addToCounter, takeFromCounter, type CounterWindow } from "@/lib/server/db/counter";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";

/**
 * The statements of splits that are SQL (docs/architecture.md, Persistence): taking a share and
 * recording a reminder, each right by one conditional statement whatever instance runs it at the
 * same moment, the reminder with its counters and outbox rows in one transaction; and whom an
 * organiser has dealt with, written as probes of the transfers' index. The splits' records are
 * store.ts.
 */

/**
 * The people among `ids` the organiser has dealt with: not the bank's own users, and money moved
 * between a wallet of theirs and one of the organiser's, either way. Each person is a few probes of
 * the (sender, receiver) index, whatever either side's history holds.
 */
export async function dealtWithPeople(organiserId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ id: number | bigint }[]>`
    SELECT u."id" FROM "User" u
    WHERE u."id" ${inList(sql, ids)} AND u."isSystem" = FALSE AND (
      EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Wallet" p CROSS JOIN "Transfer" t
        WHERE o."userId" = ${organiserId} AND p."userId" = u."id" AND t."senderWalletId" = o."id" AND t."receiverWalletId" = p."id")
      OR EXISTS (SELECT 1 FROM "Wallet" o CROSS JOIN "Wallet" p CROSS JOIN "Transfer" t
        WHERE o."userId" = ${organiserId} AND p."userId" = u."id" AND t."senderWalletId" = p."id" AND t."receiverWalletId" = o."id"))`;
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Gives an open share of `splitId` to `userId` unless someone took it first or `userId` already
 * holds one of this split: true when it is theirs. Checked and taken in one statement, and the
 * unique (split, participant) index refuses a second share that a join at the same moment (on any
 * instance) took first — that is a false too.
 */
export async function takeShare(splitId: number, shareId: number, userId: number): Promise<boolean> {
  const sql = await sqlOf();
  try {
    const count = await sql.$executeRaw`
      UPDATE "SplitShare" SET "participantId" = ${userId}
      WHERE "id" = ${shareId} AND "splitId" = ${splitId} AND "participantId" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "SplitShare" "held" WHERE "held"."splitId" = ${splitId} AND "held"."participantId" = ${userId})`;
    return count === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A reminder for the outbox (it tells of no transfer). */
export type ReminderNotice = PlainNotice;

/**
 * Records a reminder at `now` unless one was recorded after `since`: true when this one counts.
 * One conditional update, so two at once (on any instance) cannot both pass. Each notice counts on
 * its person's reminder counter in `window`, from every organiser together; a person it would take
 * past `perPerson` is not told (the share is still marked reminded).
 */
export async function recordReminder(
  reminder: { splitId: number; now: Date; since: Date; shareIds: number[]; notices: ReminderNotice[] },
  window: CounterWindow,
  perPerson: number,
): Promise<boolean> {
  const { splitId, now, since, shareIds, notices } = reminder;
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    const count = await tx.$executeRaw`
      UPDATE "Split" SET "lastRemindedAt" = ${now}
      WHERE "id" = ${splitId} AND ("lastRemindedAt" IS NULL OR "lastRemindedAt" <= ${since})`;
    if (count !== 1) return false;
    if (shareIds.length > 0) {
      await tx.$executeRaw`UPDATE "SplitShare" SET "remindedAt" = ${now} WHERE "id" ${inList(tx, shareIds)}`;
    }
    const told: ReminderNotice[] = [];
    for (const notice of notices) {
      if ((await addToCounter(tx, "ReminderCounter", notice.userId, window)) <= perPerson) told.push(notice);
      else await takeFromCounter(tx, "ReminderCounter", notice.userId);
    }
    // The reminders leave through the outbox, written with the reminder: told exactly when it counts.
    await insertPlainNotices(tx, told, now);
    return true;
  });
}
