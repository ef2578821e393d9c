import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { isRunner, takeTurns, type Sql, type SqlRunner } from "@/lib/server/db";
import { processState } from "@/lib/server/platform/process-state";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import type { Currency } from "@/lib/shared/money";

export type LedgerWallet = { id: number; userId: number; currency: string };

const BANK_USER = Prisma.sql`(SELECT "id" FROM "User" WHERE "isSystem" = TRUE ORDER BY "id" LIMIT 1)`;

/** A wallet row from raw SQL (ids may come back as bigint) as the ledger uses it. */
export function toLedgerWallet(row: LedgerWallet): LedgerWallet {
  return { id: Number(row.id), userId: Number(row.userId), currency: row.currency };
}

/**
 * Per process, the bank's wallets as found in each database (keyed by its store). A bank wallet
 * is never deleted and never changes owner or currency, so once found it is known for good.
 */
const known = processState("bank-wallets", () => ({ byStore: new WeakMap<Sql, Map<string, LedgerWallet>>() }));

/**
 * The bank's own wallets. The bank is a system user (`isSystem`): its wallets are the other side
 * of top-ups and currency exchange. They keep no running balance — a bank wallet's balance is the
 * sum of its postings, and its `balance` column stays 0 — so top-ups and transfers across
 * currencies never lock or update the bank's rows, and any number of them run side by side (on
 * PostgreSQL they would otherwise all queue on the same two rows). It has no username, e-mail or
 * Telegram id, so no lookup can ever find it by those.
 */
export async function bankWallet(tx: Sql, currency: Currency, random?: RandomInt): Promise<LedgerWallet> {
  const [existing] = await bankWallets(tx, [currency], random);
  return existing;
}

/**
 * The bank's wallets in several currencies, from this process's memory once known, else with one
 * query; a missing one (and the bank itself, on a fresh database) is created — in its own
 * transaction when given the store, else inside the caller's.
 */
export async function bankWallets(
  sql: Sql | SqlRunner,
  currencies: Currency[],
  random?: RandomInt,
): Promise<LedgerWallet[]> {
  let found = known.byStore.get(sql);
  if (!found) known.byStore.set(sql, (found = new Map()));
  const missing = currencies.filter((currency) => !found.has(currency));
  if (missing.length) {
    const rows = await sql.$queryRaw<LedgerWallet[]>`
      SELECT "id", "userId", "currency" FROM "Wallet"
      WHERE "userId" = ${BANK_USER} AND "currency" IN (${Prisma.join(missing)})`;
    for (const row of rows) found.set(row.currency, toLedgerWallet(row));
    for (const currency of missing.filter((c) => !found.has(c))) {
      const create = (tx: Sql) => createBankWallet(tx, currency, random);
      found.set(currency, isRunner(sql) ? await sql.transaction(create) : await create(sql));
    }
  }
  return currencies.map((currency) => found.get(currency)!);
}

/** Creations of the bank's user and wallets queue on this (PostgreSQL; SQLite is serial anyway). */
const BANK_CREATION = 2_202_000_001;

async function createBankWallet(tx: Sql, currency: Currency, random?: RandomInt) {
  await takeTurns(tx, BANK_CREATION);
  // A transaction that waited for the lock finds what the one before it created.
  const [created] = await tx.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet" WHERE "userId" = ${BANK_USER} AND "currency" = ${currency}`;
  if (created) return toLedgerWallet(created);
  let [bank] = await tx.$queryRaw<{ id: number }[]>`SELECT "id" FROM "User" WHERE "id" = ${BANK_USER}`;
  if (!bank) {
    [bank] = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "User" ("isSystem", "telegramFirstName", "notification", "createdAt")
      VALUES (${true}, ${"Minibank"}, ${false}, ${new Date()})
      RETURNING "id"`;
  }
  const number = await uniqueWalletNumber(tx, random);
  const [wallet] = await tx.$queryRaw<LedgerWallet[]>`
    INSERT INTO "Wallet" ("userId", "currency", "balance", "number", "createdAt")
    VALUES (${bank.id}, ${currency}, ${0n}, ${number}, ${new Date()})
    RETURNING "id", "userId", "currency"`;
  return toLedgerWallet(wallet);
}
