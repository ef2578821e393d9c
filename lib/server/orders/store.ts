import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { inList, skipLockedRows } from "@/lib/server/db/claim";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";
import { currentRateUnits } from "@/lib/server/rates/latest";
import type { Currency } from "@/lib/shared/money";

/**
 * Every statement about orders at a target rate and rate alerts (one table, "RateWatch", kind
 * "order" or "alert"). SQL throughout (docs/architecture.md, Persistence): the runner's claims
 * take rows SKIP LOCKED under a lease, as the scheduler's do, and its records are conditional
 * updates, so several instances run each one once.
 */

export type WatchKind = "order" | "alert";

/** A watch as stored. */
export type WatchRow = {
  id: number;
  userId: number;
  kind: string;
  currency: string;
  direction: string;
  target: bigint;
  fromWalletId: number | null;
  toWalletId: number | null;
  amount: bigint | null;
  expiresAt: Date;
  status: string;
  reason: string | null;
  metRate: bigint | null;
  transferId: number | null;
  doneAt: Date | null;
  createdAt: Date;
};

/** Where a notice to the owner goes, read with a claimed watch. */
export type WatchOwner = { notify: boolean; telegramId: string | null; email: string | null; language: string };

export type ClaimedWatch = WatchRow & WatchOwner & { fromCurrency: string | null; toCurrency: string | null };

const COLUMNS = Prisma.sql`r."id", r."userId", r."kind", r."currency", r."direction", r."target", r."fromWalletId", r."toWalletId",
  r."amount", r."expiresAt", r."status", r."reason", r."metRate", r."transferId", r."doneAt", r."createdAt"`;

const OWNER = Prisma.sql`u."notification" AS "notify", CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId",
  u."email", u."language"`;

const big = (value: unknown) => (value === null || value === undefined ? null : BigInt(value as bigint));
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as Date));

function toRow<T extends WatchRow>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    userId: Number(row.userId),
    target: BigInt(row.target),
    fromWalletId: num(row.fromWalletId),
    toWalletId: num(row.toWalletId),
    amount: big(row.amount),
    expiresAt: new Date(row.expiresAt),
    metRate: big(row.metRate),
    transferId: num(row.transferId),
    doneAt: date(row.doneAt),
    createdAt: new Date(row.createdAt),
  };
}

/** The caller's wallets among `ids`, with their currencies (one row each that is theirs). */
export async function ownWallets(userId: number, ids: number[]): Promise<{ id: number; currency: string }[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ id: number; currency: string }[]>`
    SELECT "id", "currency" FROM "Wallet" WHERE "userId" = ${userId} AND "id" ${inList(sql, ids)}`;
  return rows.map((r) => ({ id: Number(r.id), currency: r.currency }));
}

export type NewWatch = Omit<WatchRow, "id" | "status" | "reason" | "metRate" | "transferId" | "doneAt" | "createdAt"> & {
  kind: WatchKind;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: Date;
};

/**
 * Stores a new waiting watch unless its owner already holds `limit` waiting ones of its kind (null
 * then); a repeated Idempotency-Key of its owner is a unique violation. Counted and stored in one
 * transaction, the owner's row locked on PostgreSQL (SQLite's is serial), so parallel creations
 * cannot pass the cap together.
 */
export async function insertWatch(w: NewWatch, limit: number): Promise<number | null> {
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    if (tx.dialect === "postgresql") await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${w.userId} FOR UPDATE`;
    const [held] = await tx.$queryRaw<{ n: number | bigint }[]>`
      SELECT COUNT(*) AS "n" FROM "RateWatch"
      WHERE "userId" = ${w.userId} AND "kind" = ${w.kind} AND "status" = 'waiting' AND "expiresAt" > ${w.now}`;
    if (Number(held.n) >= limit) return null;
    const [row] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "RateWatch" ("userId", "kind", "currency", "direction", "target", "fromWalletId", "toWalletId", "amount",
        "expiresAt", "status", "idempotencyKey", "requestHash", "createdAt", "updatedAt")
      VALUES (${w.userId}, ${w.kind}, ${w.currency}, ${w.direction}, ${w.target}, ${w.fromWalletId}, ${w.toWalletId}, ${w.amount},
        ${w.expiresAt}, 'waiting', ${w.idempotencyKey}, ${w.requestHash}, ${w.now}, ${w.now})
      RETURNING "id"`;
    return row ? Number(row.id) : null;
  });
}

/** The watch an owner created with an Idempotency-Key, and the hash of that request. */
export async function watchByKey(userId: number, key: string): Promise<{ id: number; kind: string; requestHash: string | null } | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<{ id: number; kind: string; requestHash: string | null }[]>`
    SELECT "id", "kind", "requestHash" FROM "RateWatch" WHERE "userId" = ${userId} AND "idempotencyKey" = ${key}`;
  return row ? { id: Number(row.id), kind: row.kind, requestHash: row.requestHash } : null;
}

/** The owner's watches of a kind, newest first. */
export async function listWatches(userId: number, kind: WatchKind, limit: number): Promise<WatchRow[]> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<WatchRow[]>`
    SELECT ${COLUMNS} FROM "RateWatch" r WHERE r."userId" = ${userId} AND r."kind" = ${kind} ORDER BY r."id" DESC LIMIT ${limit}`;
  return rows.map(toRow);
}

/** One of the owner's watches of a kind (null for anyone else's, another kind's, or none). */
export async function ownWatch(userId: number, kind: WatchKind, id: number): Promise<WatchRow | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<WatchRow[]>`
    SELECT ${COLUMNS} FROM "RateWatch" r WHERE r."id" = ${id} AND r."userId" = ${userId} AND r."kind" = ${kind}`;
  return row ? toRow(row) : null;
}

/**
 * Cancels a waiting watch that no runner holds; whether it changed. One under a lease is being
 * run at this moment and ends as the runner records it.
 */
export async function cancelWatch(userId: number, kind: WatchKind, id: number, now: Date): Promise<boolean> {
  const sql = await sqlOf();
  const changed = await sql.$executeRaw`
    UPDATE "RateWatch" SET "status" = 'cancelled', "doneAt" = ${now}, "updatedAt" = ${now}
    WHERE "id" = ${id} AND "userId" = ${userId} AND "kind" = ${kind} AND "status" = 'waiting'
      AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})`;
  return changed > 0;
}

/** Marks every waiting watch past its expiry (and not held by a runner) expired; how many. */
export async function expireWatches(now: Date): Promise<number> {
  const sql = await sqlOf();
  const expired = Prisma.sql`"status" = 'waiting' AND "expiresAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})`;
  // An idle pass only reads: an update would take SQLite's write lock each time.
  const any = await sql.$queryRaw<unknown[]>`SELECT "id" FROM "RateWatch" WHERE ${expired} LIMIT 1`;
  if (any.length === 0) return 0;
  return sql.$executeRaw`UPDATE "RateWatch" SET "status" = 'expired', "doneAt" = ${now}, "updatedAt" = ${now} WHERE ${expired}`;
}

/**
 * The ruble price in force at `now` of each currency (the quote of the newest Moscow day that has
 * begun; rates/latest.ts), read as a transfer at that moment reads it; currencies without a quote
 * are left out.
 */
export async function ratesInForce(currencies: readonly Currency[], now: Date): Promise<Map<Currency, bigint>> {
  const sql = await sqlOf();
  const rates = new Map<Currency, bigint>();
  for (const currency of currencies) {
    const units = await currentRateUnits(sql, currency, now.getTime());
    if (units !== null) rates.set(currency, units);
  }
  return rates;
}

/** The condition of a watch met by `rates`: its currency's rate at or past its target. */
function met(rates: Map<Currency, bigint>): Prisma.Sql {
  const each = [...rates].map(
    ([currency, units]) => Prisma.sql`("currency" = ${currency} AND (("direction" = 'above' AND "target" <= ${units})
      OR ("direction" = 'below' AND "target" >= ${units})))`,
  );
  return each.length === 0 ? Prisma.sql`1 = 0` : Prisma.join(each, " OR ", "(", ")");
}

/**
 * Takes up to `limit` waiting, unexpired watches whose target `rates` meet and that no other
 * runner holds, and holds them until `leaseUntil`: in one transaction, the rows locked SKIP LOCKED
 * on PostgreSQL, so runners of several instances claim side by side and never take the same one
 * (the scheduler's claims are the model). A runner that dies holding one lets its lease run out;
 * the next claim takes it over, and the order's idempotency key (order:<id>) keeps an exchange it
 * had made from being made again.
 */
export async function claimMetWatches(rates: Map<Currency, bigint>, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedWatch[]> {
  if (rates.size === 0) return [];
  const sql = await sqlOf();
  const due = Prisma.sql`"status" = 'waiting' AND "expiresAt" > ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now}) AND ${met(rates)}`;
  // An idle runner only reads: a claim's transaction would take SQLite's write lock each time.
  const any = await sql.$queryRaw<unknown[]>`SELECT "id" FROM "RateWatch" WHERE ${due} LIMIT 1`;
  if (any.length === 0) return [];
  return sql.transaction(async (tx) => {
    const ids = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "RateWatch" WHERE ${due} ORDER BY "id" LIMIT ${limit} ${skipLockedRows(tx)}`;
    if (ids.length === 0) return [];
    const taken = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "RateWatch" SET "leaseUntil" = ${leaseUntil}
      WHERE "id" ${inList(tx, ids.map((r) => Number(r.id)))} AND ${due} RETURNING "id"`;
    if (taken.length === 0) return [];
    const rows = await tx.$queryRaw<ClaimedWatch[]>`
      SELECT ${COLUMNS}, ${OWNER}, fw."currency" AS "fromCurrency", tw."currency" AS "toCurrency"
      FROM "RateWatch" r JOIN "User" u ON u."id" = r."userId"
      LEFT JOIN "Wallet" fw ON fw."id" = r."fromWalletId" LEFT JOIN "Wallet" tw ON tw."id" = r."toWalletId"
      WHERE r."id" ${inList(tx, taken.map((r) => Number(r.id)))} ORDER BY r."id"`;
    return rows.map((row) => ({ ...toRow(row), notify: Boolean(row.notify) }));
  });
}

/**
 * Records how a claimed watch ended — done (with the rate that met it and, for an order, its
 * exchange) or failed (with the refusal's code) — releases its lease and queues the notice, in one
 * transaction. Only a waiting watch changes (an order's exchange made after a cancel that met no
 * lease is recorded too: the money moved), so a late twin records nothing and tells nothing.
 */
export async function recordWatch(options: {
  id: number;
  status: "done" | "failed";
  reason: string | null;
  metRate: bigint;
  transferId: number | null;
  notice: PlainNotice | null;
  now: Date;
}): Promise<boolean> {
  const sql = await sqlOf();
  return sql.transaction(async (tx) => {
    const from = options.transferId === null ? Prisma.sql`"status" = 'waiting'` : Prisma.sql`"status" IN ('waiting', 'cancelled', 'expired')`;
    const changed = await tx.$executeRaw`
      UPDATE "RateWatch" SET "status" = ${options.status}, "reason" = ${options.reason}, "metRate" = ${options.metRate},
        "transferId" = ${options.transferId}, "doneAt" = ${options.now}, "leaseUntil" = NULL, "updatedAt" = ${options.now}
      WHERE "id" = ${options.id} AND ${from} AND ("transferId" IS NULL OR "transferId" = ${options.transferId})`;
    if (changed > 0 && options.notice) await insertPlainNotices(tx, [options.notice], options.now);
    return changed > 0;
  });
}
