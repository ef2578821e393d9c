import "server-only";
import { byCurrencyOrder, toWalletDto } from "@/lib/server/wallets/dto";
import { walletsOf } from "@/lib/server/wallets/store";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** The caller's own wallets with balances (RUB, USD, EUR, CNY). */
export async function listWallets(options: { userId: number }): Promise<WalletDto[]> {
  const rows = await walletsOf(options.userId);
  return byCurrencyOrder(rows).map(toWalletDto);
}
