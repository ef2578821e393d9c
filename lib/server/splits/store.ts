import "server-only";
import { getDb, type Db } from "@/lib/server/db";
import { replicaDb } from "@/lib/server/db/replica";
import type { Contact } from "@/lib/server/notifications/enqueue";

/**
 * The statements of the splits domain's records, through the Prisma model API. A split is its row
 * and one row per share; the shares' payment requests are the requests domain's rows, read here
 * only for their status. What must hold under concurrency or reads as written for its index —
 * taking a share, recording a reminder with its counters and notices, whom an organiser has dealt
 * with — is SQL, in store-shares.ts (docs/architecture.md, Persistence).
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
async function withShares(splits: Omit<SplitRow, "organiser">[], db: Db = getDb()): Promise<SplitWithShares[]> {
  if (splits.length === 0) return [];
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

/** The splits a user organised or has a share in, newest first: a list the read replica may serve. */
export function splitsOf(userId: number, limit: number): Promise<SplitWithShares[]> {
  return replicaDb((db) => splitsFrom(db, userId, limit));
}

async function splitsFrom(db: Db, userId: number, limit: number): Promise<SplitWithShares[]> {
  const joined = await db.splitShare.findMany({ where: { participantId: userId }, select: { splitId: true }, orderBy: { splitId: "desc" }, take: limit });
  const splits = await db.split.findMany({
    where: { OR: [{ organiserId: userId }, { id: { in: joined.map((j) => j.splitId) } }] },
    orderBy: { id: "desc" },
    take: limit,
    select: SPLIT_COLUMNS,
  });
  return withShares(splits, db);
}

/** The split an organiser made with an Idempotency-Key, and the hash of the body it came with. */
export async function splitByKey(organiserId: number, key: string): Promise<{ token: string; requestHash: string | null } | null> {
  return getDb().split.findUnique({
    where: { organiserId_idempotencyKey: { organiserId, idempotencyKey: key } },
    select: { token: true, requestHash: true },
  });
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
