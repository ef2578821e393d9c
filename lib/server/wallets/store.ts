import "server-only";
import { sqlOf, type Sql } from "@/lib/server/db";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * Every statement of the wallets: the caller's list, another user's numbers, creating wallets.
 * SQL throughout (docs/architecture.md, Persistence): wallets are the rows money moves through,
 * and their creation shares `isWalletNumberTaken` with the bank's (ledger/store-bank.ts).
 */

/** A wallet as its owner sees it. */
export type WalletRow = { id: number; currency: string; balance: bigint; number: string; pocketed?: bigint | null };

/**
 * The user's wallets with balances, in no particular order: on the store, or inside the caller's
 * transaction `tx`.
 */
export async function walletsOf(userId: number, tx?: Sql): Promise<WalletRow[]> {
  // Direct SQL: the wallet list is the app's most frequent read. The accounts only, each with
  // what its pockets hold ("pocketed": their own wallets, lib/server/pockets).
  return (tx ?? (await sqlOf())).$queryRaw<WalletRow[]>`
    SELECT w."id", w."currency", w."balance", w."number",
      (SELECT CAST(COALESCE(SUM(p."balance"), 0) AS BIGINT) FROM "Wallet" p
        WHERE p."userId" = w."userId" AND p."currency" = w."currency" AND p."pocket" > 0) AS "pocketed"
    FROM "Wallet" w WHERE w."userId" = ${userId} AND w."pocket" = 0`;
}

/** Whether a user is the bank, and their wallets' ids, currencies and numbers (never balances). */
export async function publicWalletsOf(
  userId: number,
): Promise<{ isSystem: boolean; wallets: { id: number; currency: string; number: string }[] } | null> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<{ isSystem: boolean; id: number | null; currency: string | null; number: string | null }[]>`
    SELECT u."isSystem", w."id", w."currency", w."number"
    FROM "User" u LEFT JOIN "Wallet" w ON w."userId" = u."id" AND w."pocket" = 0 WHERE u."id" = ${userId}`;
  if (rows.length === 0) return null;
  const wallets = rows.flatMap((w) => (w.id === null ? [] : [{ id: w.id, currency: w.currency!, number: w.number! }]));
  return { isSystem: rows[0].isSystem, wallets };
}

/** Whether some wallet already has this number. */
export async function isWalletNumberTaken(tx: Sql, number: string): Promise<boolean> {
  const taken = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Wallet" WHERE "number" = ${number}`;
  return taken.length > 0;
}

/** Runs `work` as one transaction of the store (`SqlRunner.transaction`: only SQL on `tx` inside). */
export async function inTransaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
  return (await sqlOf()).transaction(work);
}

/** Whether the user exists (inside the caller's transaction). */
export async function userExists(tx: Sql, userId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "User" WHERE "id" = ${userId}`;
  return rows.length > 0;
}

/** A new wallet of the user's, with a balance of 0 (a unique violation: the user has one in `currency`, or the number is taken). */
export async function createWallet(tx: Sql, userId: number, currency: string, number: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Wallet" ("userId", "currency", "balance", "number", "createdAt")
    VALUES (${userId}, ${currency}, ${0n}, ${number}, ${clockNow()})`;
}
