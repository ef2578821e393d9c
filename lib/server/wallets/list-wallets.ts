import "server-only";
import { getDb } from "@/lib/server/db";
import { byCurrencyOrder, toWalletDto, walletSelect } from "@/lib/server/wallets/dto";
import type { WalletDto } from "@/lib/shared/schemas/wallets";

/** The caller's own wallets with balances (RUB, USD, EUR, CNY). */
export async function listWallets(options: { userId: number }): Promise<WalletDto[]> {
  const rows = await getDb().wallet.findMany({
    where: { userId: options.userId },
    select: walletSelect,
  });
  return byCurrencyOrder(rows).map(toWalletDto);
}
