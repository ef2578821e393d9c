import "server-only";
import type { Sql, SqlRunner } from "@/lib/server/db";
import { processState } from "@/lib/server/platform/process-state";
import {
  findBankWallet,
  findBankWallets,
  findOrCreateBankUser,
  inTransaction,
  insertBankWallet,
  queueForBankCreation,
  type LedgerWallet,
} from "@/lib/server/ledger/store-bank";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import type { Currency } from "@/lib/shared/money";

export { toLedgerWallet, type LedgerWallet } from "@/lib/server/ledger/store-bank";

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
    for (const wallet of await findBankWallets(sql, missing)) found.set(wallet.currency, wallet);
    for (const currency of missing.filter((c) => !found.has(c))) {
      found.set(currency, await inTransaction(sql, (tx) => createBankWallet(tx, currency, random)));
    }
  }
  return currencies.map((currency) => found.get(currency)!);
}

async function createBankWallet(tx: Sql, currency: Currency, random?: RandomInt): Promise<LedgerWallet> {
  await queueForBankCreation(tx);
  // A transaction that waited for the lock finds what the one before it created.
  const created = await findBankWallet(tx, currency);
  if (created) return created;
  const bankId = await findOrCreateBankUser(tx);
  const number = await uniqueWalletNumber(tx, random);
  return insertBankWallet(tx, bankId, currency, number);
}
