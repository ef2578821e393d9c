import { api } from "@/lib/client/api";
import { anyAnswer, userDto, walletListDto } from "@/lib/client/dto";
import { clearSession, saveTokens } from "@/lib/client/session";
import type { TokenPairDto } from "@/lib/shared/schemas/auth";

/**
 * After the server has issued tokens: keep them, check they name a user, and create the four
 * wallets on a first sign-in. The caller then goes to `/bank`.
 */
export async function completeSignIn(tokens: TokenPairDto): Promise<void> {
  saveTokens(tokens);
  try {
    await api("/api/v1/users/me", userDto);
    const wallets = await api("/api/v1/wallet", walletListDto);
    if (wallets.length === 0) {
      await api("/api/v1/wallet/init", anyAnswer, { method: "POST" });
    }
  } catch (error) {
    // A half-finished sign-in must not leave a session behind that /bank would trust.
    clearSession();
    throw error;
  }
}
