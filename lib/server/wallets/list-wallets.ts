import "server-only";
import { sqlOf } from "@/lib/server/db";
import { byCurrencyOrder, toWalletDto, type WalletRow } from "@/lib/server/wallets/dto";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** The caller's own wallets with balances (RUB, USD, EUR, CNY). */
export async function listWallets(options: { userId: number }): Promise<WalletDto[]> {
  // Direct SQL: the wallet list is the app's most frequent read.
  const rows = await (await sqlOf()).$queryRaw<WalletRow[]>`
    SELECT "id", "currency", "balance", "number" FROM "Wallet" WHERE "userId" = ${options.userId}`;
  return byCurrencyOrder(rows).map(toWalletDto);
}
