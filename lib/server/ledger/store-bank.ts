import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { isRunner, takeTurns, type Sql, type SqlRunner } from "@/lib/server/db";
import type { Currency } from "@/lib/shared/money";
import { clockNow } from "@/lib/server/platform/clock";

/** The bank's own wallets (bank.ts): finding them, and creating them on a fresh database. */

export type LedgerWallet = { id: number; userId: number; currency: string };

/** A wallet row from raw SQL (ids may come back as bigint) as the ledger uses it. */
export function toLedgerWallet(row: LedgerWallet): LedgerWallet {
  return { id: Number(row.id), userId: Number(row.userId), currency: row.currency };
}

const BANK_USER = Prisma.sql`(SELECT "id" FROM "User" WHERE "isSystem" = TRUE ORDER BY "id" LIMIT 1)`;

/** The bank's wallets in these currencies that exist, in one query. */
export async function findBankWallets(sql: Sql, currencies: Currency[]): Promise<LedgerWallet[]> {
  const rows = await sql.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet"
    WHERE "userId" = ${BANK_USER} AND "currency" IN (${Prisma.join(currencies)})`;
  return rows.map(toLedgerWallet);
}

/** Runs `work` in a transaction of its own when given the store itself, else inside the caller's. */
export function inTransaction<T>(sql: Sql | SqlRunner, work: (tx: Sql) => Promise<T>): Promise<T> {
  return isRunner(sql) ? sql.transaction(work) : work(sql);
}

/** Creations of the bank's user and wallets queue on this (PostgreSQL; SQLite is serial anyway). */
const BANK_CREATION = 2_202_000_001;

/** Makes the transactions that create the bank's user or wallets take turns (see `takeTurns`). */
export function queueForBankCreation(tx: Sql): Promise<void> {
  return takeTurns(tx, BANK_CREATION);
}

/** The bank's wallet in `currency`, if it exists. */
export async function findBankWallet(tx: Sql, currency: Currency): Promise<LedgerWallet | undefined> {
  const [wallet] = await tx.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet" WHERE "userId" = ${BANK_USER} AND "currency" = ${currency}`;
  return wallet && toLedgerWallet(wallet);
}

/** The bank's user, created when there is none yet. */
export async function findOrCreateBankUser(tx: Sql): Promise<number> {
  let [bank] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "User" WHERE "id" = ${BANK_USER}`;
  if (!bank) {
    [bank] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "User" ("isSystem", "telegramFirstName", "notification", "createdAt")
      VALUES (${true}, ${"Minibank"}, ${false}, ${clockNow()})
      RETURNING "id"`;
  }
  return bank.id;
}

/** A new wallet of the bank's, with no running balance (its `balance` column stays 0). */
export async function insertBankWallet(tx: Sql, bankId: number, currency: Currency, number: string): Promise<LedgerWallet> {
  const [wallet] = await tx.$queryRaw<LedgerWallet[]>`
    INSERT INTO "Wallet" ("userId", "currency", "balance", "number", "createdAt")
    VALUES (${bankId}, ${currency}, ${0n}, ${number}, ${clockNow()})
    RETURNING "id", "userId", "currency"`;
  return toLedgerWallet(wallet);
}
