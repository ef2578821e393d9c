import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { storedKeyColumns, type KeyToRecord, type WithStoredKey } from "@/lib/server/ledger/store";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * Every statement of the pockets. SQL throughout (docs/architecture.md, Persistence): a pocket is
 * a wallet money moves through (its "pocket" number above 0, beside its account's 0), described
 * by its "Pocket" row. Whatever moves a pocket's money or changes what may move runs in one
 * transaction that first locks the account's and the pocket's wallets (`lockPocket`), so a
 * round-up (the transfer engine, which holds the account's lock) and a close never cross.
 */

/** A pocket as its owner sees it: its row, its balance, and its account. */
export type PocketRow = WithStoredKey & {
  id: number;
  userId: number;
  /** The account the pocket belongs to. */
  walletId: number;
  currency: string;
  name: string;
  balance: bigint;
  target: bigint | null;
  targetDate: string | null;
  locked: boolean | number;
  roundUp: number;
  createdAt: Date;
  closedAt: Date | null;
};

/** The account of pocket wallet `p` (the same owner and currency, "pocket" 0). */
const ACCOUNT = `(SELECT a."id" FROM "Wallet" a WHERE a."userId" = p."userId" AND a."currency" = p."currency" AND a."pocket" = 0)`;

const POCKET_COLUMNS = `k."walletId" AS "id", k."userId", ${ACCOUNT} AS "walletId", p."currency", k."name", p."balance",
  k."target", k."targetDate", k."locked", k."roundUp", k."createdAt", k."closedAt"`;

/** The caller's open pockets, oldest first. */
export async function pocketsOf(userId: number): Promise<PocketRow[]> {
  const sql = await sqlOf();
  return sql.$queryRaw<PocketRow[]>`
    SELECT ${sqlRaw(POCKET_COLUMNS)} FROM "Pocket" k JOIN "Wallet" p ON p."id" = k."walletId"
    WHERE k."userId" = ${userId} AND k."closedAt" IS NULL ORDER BY k."walletId"`;
}

function sqlRaw(text: string) {
  return Prisma.raw(text);
}

/** Runs `work` as one transaction of the store (only SQL on `tx` inside). */
export async function inPocketTransaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
  return (await sqlOf()).transaction(work);
}

/**
 * Locks pocket `pocketId`'s wallet and its account's, in id order (PostgreSQL; a SQLite
 * transaction holds the whole database), before anything about the pocket is read.
 */
export async function lockPocket(tx: Sql, pocketId: number): Promise<void> {
  if (tx.dialect !== "postgresql") return;
  await tx.$queryRaw`
    SELECT w."id" FROM "Wallet" w WHERE w."id" = ${pocketId} AND w."pocket" > 0
       OR w."id" = (SELECT ${sqlRaw(ACCOUNT)} FROM "Wallet" p WHERE p."id" = ${pocketId} AND p."pocket" > 0)
    ORDER BY w."id" FOR UPDATE`;
}

/** The caller's pocket `pocketId` (open or closed), with the caller's stored key; undefined when not theirs. */
export async function readPocket(tx: Sql, userId: number, pocketId: number, key?: KeyToRecord): Promise<PocketRow | undefined> {
  const [row] = await tx.$queryRaw<PocketRow[]>`
    SELECT ${sqlRaw(POCKET_COLUMNS)} ${storedKeyColumns(key)}
    FROM "Pocket" k JOIN "Wallet" p ON p."id" = k."walletId"
    WHERE k."walletId" = ${pocketId} AND k."userId" = ${userId}`;
  return row;
}

/** What opening a pocket needs to know: the account, the open pockets, the round-up taker, the next number. */
export async function readOpening(tx: Sql, userId: number, currency: string) {
  const [row] = await tx.$queryRaw<{ accountId: number | null; open: number | bigint; roundUpTaker: number | null; next: number | bigint }[]>`
    SELECT (SELECT a."id" FROM "Wallet" a WHERE a."userId" = ${userId} AND a."currency" = ${currency} AND a."pocket" = 0) AS "accountId",
      (SELECT COUNT(*) FROM "Pocket" k WHERE k."userId" = ${userId} AND k."closedAt" IS NULL) AS "open",
      ${roundUpTaker(userId, currency, 0)} AS "roundUpTaker",
      (SELECT COALESCE(MAX(w."pocket"), 0) + 1 FROM "Wallet" w WHERE w."userId" = ${userId} AND w."currency" = ${currency}) AS "next"`;
  return {
    accountId: row.accountId == null ? null : Number(row.accountId),
    open: Number(row.open),
    roundUpTaker: row.roundUpTaker == null ? null : Number(row.roundUpTaker),
    next: Number(row.next),
  };
}

/** The open pocket in `currency` of the user's, but `except`, that takes round-ups (a column). */
function roundUpTaker(userId: number, currency: string, except: number) {
  return Prisma.sql`(SELECT k."walletId" FROM "Pocket" k JOIN "Wallet" p ON p."id" = k."walletId"
    WHERE k."userId" = ${userId} AND p."currency" = ${currency} AND k."closedAt" IS NULL AND k."roundUp" > 0
      AND k."walletId" <> ${except} LIMIT 1)`;
}

/** Whether another open pocket of the user's in `currency` takes round-ups. */
export async function otherRoundUpTaker(tx: Sql, userId: number, currency: string, except: number): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ taker: number | null }[]>`SELECT ${roundUpTaker(userId, currency, except)} AS "taker"`;
  return row?.taker != null;
}

export type PocketSettings = { name: string; target: bigint | null; targetDate: string | null; locked: boolean; roundUp: number };

/**
 * A new pocket: its wallet (number `pocketNo` of the account's, the account number `number`, a
 * balance of 0) and its row. A unique violation: another pocket took the number meanwhile.
 */
export async function insertPocket(
  tx: Sql,
  pocket: { userId: number; currency: string; pocketNo: number; number: string } & PocketSettings,
): Promise<number> {
  const at = clockNow();
  const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Wallet" ("userId", "currency", "balance", "number", "pocket", "createdAt")
    VALUES (${pocket.userId}, ${pocket.currency}, ${0n}, ${pocket.number}, ${pocket.pocketNo}, ${at}) RETURNING "id"`;
  await tx.$executeRaw`
    INSERT INTO "Pocket" ("walletId", "userId", "name", "target", "targetDate", "locked", "roundUp", "createdAt")
    VALUES (${id}, ${pocket.userId}, ${pocket.name}, ${pocket.target}, ${pocket.targetDate}, ${pocket.locked}, ${pocket.roundUp}, ${at})`;
  return Number(id);
}

/** A pocket's settings, all of them. */
export async function updatePocket(tx: Sql, pocketId: number, settings: PocketSettings): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Pocket" SET "name" = ${settings.name}, "target" = ${settings.target}, "targetDate" = ${settings.targetDate},
      "locked" = ${settings.locked}, "roundUp" = ${settings.roundUp}
    WHERE "walletId" = ${pocketId}`;
}

/** Marks a pocket closed (it takes no more round-ups; its wallet stays, empty, in the books). */
export async function markClosed(tx: Sql, pocketId: number, at: Date): Promise<void> {
  await tx.$executeRaw`UPDATE "Pocket" SET "closedAt" = ${at} WHERE "walletId" = ${pocketId}`;
}
