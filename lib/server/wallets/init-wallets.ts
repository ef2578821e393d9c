import "server-only";
import type { Sql } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { isSqliteLockConflict, isUniqueViolation } from "@/lib/server/db/errors";
import { byCurrencyOrder, toWalletDto } from "@/lib/server/wallets/dto";
import { createWallet, inTransaction, userExists, walletsOf } from "@/lib/server/wallets/store";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import { CURRENCIES } from "@/lib/shared/money";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** Creates whichever of the user's four wallets are missing, inside the caller's transaction. */
export async function ensureWallets(tx: Sql, userId: number, random?: RandomInt) {
  // A valid token whose user is gone (e.g. a reset demo database) is not a session.
  if (!(await userExists(tx, userId))) throw new AppError("UNAUTHORIZED");
  const have = await walletsOf(userId, tx);
  const missing = CURRENCIES.filter((currency) => !have.some((wallet) => wallet.currency === currency));
  for (const currency of missing) {
    await createWallet(tx, userId, currency, await uniqueWalletNumber(tx, random));
  }
  return byCurrencyOrder(missing.length > 0 ? await walletsOf(userId, tx) : have);
}

/**
 * Gives the caller a RUB, USD, EUR and CNY wallet, each with a unique 16-digit Luhn-valid number.
 * Idempotent: a second call changes nothing and answers the same list. A concurrent call (on any
 * instance) or a number collision violates a unique index; the whole transaction is then simply
 * run again, and finds what the other made. (On SQLite the store's transactions take the file's
 * write lock before their first read: another process's write waits for it, or, past the busy
 * timeout, fails the transaction as a lock conflict, which is run again too.)
 */
export async function initWallets(options: { userId: number }): Promise<WalletDto[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const rows = await inTransaction((tx) => ensureWallets(tx, options.userId));
      return rows.map(toWalletDto);
    } catch (error) {
      if (!(isUniqueViolation(error) || isSqliteLockConflict(error)) || attempt >= 3) throw error;
    }
  }
}
