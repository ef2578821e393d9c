import "server-only";
import { publicName } from "@/lib/server/users/public-name";
import { AppError } from "@/lib/server/platform/errors";
import { findKnownWallet, findWalletOwner } from "@/lib/server/ledger/store-parties";
import { avatarUrlFor } from "@/lib/server/users/dto";
import type { CounterpartyDto } from "@/lib/shared/schemas/transfers";
import { DEFAULT_LANGUAGE, DICTIONARIES, type Language } from "@/lib/shared/i18n";

/** The app's own picture, shown for top-ups (the bank's wallets). */
export const BANK_AVATAR_URL = "/bank-avatar.svg";

/**
 * Who owns a wallet, as the history shows a counterparty: a name and an avatar, nothing more —
 * and only for a wallet the caller has exchanged money with (or their own). Any other wallet is
 * "not found", so the endpoint cannot name the owners of arbitrary wallets.
 */
export async function getCounterparty(options: { walletId: number; callerId: number; language?: Language }): Promise<CounterpartyDto> {
  const t = DICTIONARIES[options.language ?? DEFAULT_LANGUAGE];
  const { walletId, callerId } = options;
  const known = await findKnownWallet(walletId, callerId);
  if (!known) throw new AppError("WALLET_NOT_FOUND");
  const wallet = await findWalletOwner(options.walletId);
  if (!wallet) throw new AppError("WALLET_NOT_FOUND");
  const { user } = wallet;
  if (user.isSystem) return { username: t.history.topUpName, avatarUrl: BANK_AVATAR_URL };
  return {
    username: user.username ?? publicName(user.telegramFirstName) ?? t.common.unknown,
    avatarUrl: avatarUrlFor(user),
  };
}
