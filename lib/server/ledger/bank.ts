import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { lockCreation, type Sql } from "@/lib/server/db";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import type { Currency } from "@/lib/shared/money";

export type LedgerWallet = { id: number; userId: number; currency: string };

const BANK_USER = Prisma.sql`(SELECT "id" FROM "User" WHERE "isSystem" = TRUE ORDER BY "id" LIMIT 1)`;

/** A wallet row from raw SQL (ids may come back as bigint) as the ledger uses it. */
export function toLedgerWallet(row: LedgerWallet): LedgerWallet {
  return { id: Number(row.id), userId: Number(row.userId), currency: row.currency };
}

/**
 * The bank's own wallet in `currency`, created on first use. The bank is a system user
 * (`isSystem`): its wallets are the other side of top-ups and currency exchange and may go
 * negative. It has no username, e-mail or Telegram id, so no lookup can ever find it by those.
 */
export async function bankWallet(
  tx: Sql,
  currency: Currency,
  random?: RandomInt,
): Promise<LedgerWallet> {
  const [existing] = await bankWallets(tx, [currency], random);
  return existing;
}

/**
 * The bank's wallets in several currencies with one query when they exist; a missing one (and
 * the bank itself, on a fresh database) is created.
 */
export async function bankWallets(
  tx: Sql,
  currencies: Currency[],
  random?: RandomInt,
): Promise<LedgerWallet[]> {
  const rows = await tx.$queryRaw<LedgerWallet[]>`
    SELECT "id", "userId", "currency" FROM "Wallet"
    WHERE "userId" = ${BANK_USER} AND "currency" IN (${Prisma.join(currencies)})`;
  const wallets: LedgerWallet[] = [];
  for (const currency of currencies) {
    const row = rows.find((r) => r.currency === currency);
    wallets.push(row ? toLedgerWallet(row) : await createBankWallet(tx, currency, random));
  }
  return wallets;
}

/** Creations of the bank's user and wallets queue on this (PostgreSQL; SQLite is serial anyway). */
const BANK_CREATION = 2_202_000_001;

async function createBankWallet(tx: Sql, currency: Currency, random?: RandomInt) {
  await lockCreation(tx, BANK_CREATION);
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
