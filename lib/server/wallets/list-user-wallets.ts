import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { countLookup } from "@/lib/server/users/lookup-limit";
import { byCurrencyOrder, toPublicWalletDto } from "@/lib/server/wallets/dto";
import { publicWalletsOf } from "@/lib/server/wallets/store";
import type { PublicWalletDto } from "@/lib/shared/schemas/wallets";

/** Another user's wallets, for choosing where to send money: numbers, never balances. */
export async function listUserWallets(options: { userId: number; callerId: number }): Promise<PublicWalletDto[]> {
  await countLookup(options.callerId);
  const user = await publicWalletsOf(options.userId);
  if (!user || user.isSystem) throw new AppError("USER_NOT_FOUND");
  return byCurrencyOrder(user.wallets).map(toPublicWalletDto);
}
