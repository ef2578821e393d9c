import "server-only";
import { getDb, sqlIn, sqlOf } from "@/lib/server/db";
import { addToCounter, takeFromCounter, type CounterWindow } from "@/lib/server/db/counter";
import { inList } from "@/lib/server/db/claim";
import { isUniqueViolation } from "@/lib/server/db/errors";
import type { Contact } from "@/lib/server/notifications/enqueue";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";

/**
 * Every statement of the splits domain. A split is its row and one row per share; the shares'
 * payment requests are the requests domain's rows, read here only for their status.
 */

type Person = { id: number; username: string | null; telegramFirstName: string | null; photoUrl: string | null };
const PERSON = { id: true, username: true, telegramFirstName: true, photoUrl: true } as const;

export type SplitRow = {
  id: number;
  token: string;
  organiserId: number;
  title: string;
  total: bigint;
  currency: string;
  mode: string;
  status: string;
  lastRemindedAt: Date | null;
  createdAt: Date;
  organiser: Person;
};

export type ShareRow = {
  id: number;
  splitId: number;
  position: number;
  participantId: number | null;
  amount: bigint;
  requestToken: string | null;
  settledAt: Date | null;
  remindedAt: Date | null;
  participant: Person | null;
  /** The share's payment request as it stands (null: the organiser's own part). */
  request: { status: string; expiresAt: Date } | null;
};

export type SplitWithShares = SplitRow & { shares: ShareRow[] };

const SPLIT_COLUMNS = {
  id: true,
  token: true,
  organiserId: true,
  title: true,
  total: true,
  currency: true,
  mode: true,
  status: true,
  lastRemindedAt: true,
  createdAt: true,
} as const;

/** Splits with their shares, their people and their requests' states: four reads, whatever the count. */
async function withShares(splits: Omit<SplitRow, "organiser">[]): Promise<SplitWithShares[]> {
  if (splits.length === 0) return [];
  const db = getDb();
  const shares = await db.splitShare.findMany({ where: { splitId: { in: splits.map((s) => s.id) } }, orderBy: { position: "asc" } });
  const tokens = shares.flatMap((s) => (s.requestToken ? [s.requestToken] : []));
  const personIds = [...new Set([...splits.map((s) => s.organiserId), ...shares.flatMap((s) => (s.participantId ? [s.participantId] : []))])];
  const [requests, people] = await Promise.all([
    db.paymentRequest.findMany({ where: { token: { in: tokens } }, select: { token: true, status: true, expiresAt: true } }),
    db.user.findMany({ where: { id: { in: personIds } }, select: PERSON }),
  ]);
  const requestOf = new Map(requests.map((r) => [r.token, { status: r.status, expiresAt: r.expiresAt }]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return splits.map((split) => ({
    ...split,
    organiser: personOf.get(split.organiserId) ?? { id: split.organiserId, username: null, telegramFirstName: null, photoUrl: null },
    shares: shares
      .filter((share) => share.splitId === split.id)
      .map((share) => ({
        ...share,
        participant: share.participantId === null ? null : (personOf.get(share.participantId) ?? null),
        request: share.requestToken === null ? null : (requestOf.get(share.requestToken) ?? null),
      })),
  }));
}

/** One split by its link token, with its shares; null when there is none. */
export async function splitByToken(token: string): Promise<SplitWithShares | null> {
  const split = await getDb().split.findUnique({ where: { token }, select: SPLIT_COLUMNS });
  return split ? ((await withShares([split]))[0] ?? null) : null;
}

/** The splits a user organised or has a share in, newest first. */
export async function splitsOf(userId: number, limit: number): Promise<SplitWithShares[]> {
  const db = getDb();
  const joined = await db.splitShare.findMany({ where: { participantId: userId }, select: { splitId: true }, orderBy: { splitId: "desc" }, take: limit });
  const splits = await db.split.findMany({
    where: { OR: [{ organiserId: userId }, { id: { in: joined.map((j) => j.splitId) } }] },
    orderBy: { id: "desc" },
    take: limit,
    select: SPLIT_COLUMNS,
  });
  return withShares(splits);
}

/** The split an organiser made with an Idempotency-Key, and the hash of the body it came with. */
export async function splitByKey(organiserId: number, key: string): Promise<{ token: string; requestHash: string | null } | null> {
  return getDb().split.findUnique({
    where: { organiserId_idempotencyKey: { organiserId, idempotencyKey: key } },
    select: { token: true, requestHash: true },
  });
}

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

export type NewSplit = {
  token: string;
  organiserId: number;
  title: string;
  total: bigint;
  currency: string;
  mode: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  createdAt: Date;
  shares: { position: number; participantId: number | null; amount: bigint; requestToken: string | null; settledAt: Date | null }[];
};

/** Writes a split and its shares together (a unique violation: its key was used meanwhile). */
export async function insertSplit(split: NewSplit): Promise<void> {
  const { shares, ...row } = split;
  await getDb().$transaction(async (tx) => {
    const { id } = await tx.split.create({ data: row, select: { id: true } });
    await tx.splitShare.createMany({ data: shares.map((share) => ({ ...share, splitId: id })) });
  });
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
  const db = getDb();
  return db.$transaction(async (tx) => {
    const { count } = await tx.split.updateMany({
      where: { id: splitId, OR: [{ lastRemindedAt: null }, { lastRemindedAt: { lte: since } }] },
      data: { lastRemindedAt: now },
    });
    if (count !== 1) return false;
    await tx.splitShare.updateMany({ where: { id: { in: shareIds } }, data: { remindedAt: now } });
    const sql = sqlIn(db, tx);
    const told: ReminderNotice[] = [];
    for (const notice of notices) {
      if ((await addToCounter(sql, "ReminderCounter", notice.userId, window)) <= perPerson) told.push(notice);
      else await takeFromCounter(sql, "ReminderCounter", notice.userId);
    }
    // The reminders leave through the outbox, written with the reminder: told exactly when it counts.
    await insertPlainNotices(tx, told, now);
    return true;
  });
}

/** A reminder for the outbox (it tells of no transfer). */
export type ReminderNotice = PlainNotice;

/** How each of `userIds` may be told something (the bot's chat only where it may write). */
export async function contactsOf(userIds: number[]): Promise<Map<number, Contact>> {
  const users = await getDb().user.findMany({
    where: { id: { in: userIds } },
    select: { id: true, notification: true, botMayWrite: true, telegramId: true, email: true, language: true },
  });
  return new Map(
    users.map((u) => [u.id, { notify: u.notification, telegramId: u.botMayWrite ? u.telegramId : null, email: u.email, language: u.language }]),
  );
}

/** Marks a share settled outside the app (once). */
export async function markShareSettled(shareId: number, at: Date): Promise<void> {
  await getDb().splitShare.updateMany({ where: { id: shareId, settledAt: null }, data: { settledAt: at } });
}

export async function markSplitCancelled(splitId: number): Promise<void> {
  await getDb().split.updateMany({ where: { id: splitId }, data: { status: "cancelled" } });
}
