import "server-only";
import type { Tx } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { isSqliteLockConflict, isUniqueViolation } from "@/lib/server/db/errors";
import { byCurrencyOrder, toWalletDto } from "@/lib/server/wallets/dto";
import { createWallet, inTransaction, userExists, walletCurrencies, walletsIn } from "@/lib/server/wallets/store";
import { uniqueWalletNumber, type RandomInt } from "@/lib/server/wallets/numbers";
import { CURRENCIES } from "@/lib/shared/money";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** Creates whichever of the user's four wallets are missing, inside the caller's transaction. */
export async function ensureWallets(tx: Tx, userId: number, random?: RandomInt) {
  // A valid token whose user is gone (e.g. a reset demo database) is not a session.
  if (!(await userExists(tx, userId))) throw new AppError("UNAUTHORIZED");
  const have = new Set(await walletCurrencies(tx, userId));
  for (const currency of CURRENCIES) {
    if (have.has(currency)) continue;
    await createWallet(tx, userId, currency, await uniqueWalletNumber(tx, random));
  }
  return byCurrencyOrder(await walletsIn(tx, userId));
}

/**
 * Gives the caller a RUB, USD, EUR and CNY wallet, each with a unique 16-digit Luhn-valid number.
 * Idempotent: a second call changes nothing and answers the same list. A concurrent call or a
 * number collision violates a unique index, and on SQLite another process may take the file's
 * write lock between the transaction's reads and its first write; the whole transaction is then
 * simply retried.
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
