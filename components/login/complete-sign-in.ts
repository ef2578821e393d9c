import { call } from "@/lib/client/api";
import { clearSession, saveTokens } from "@/lib/client/session";
import { operations } from "@/lib/shared/api/operations";
import type { TokenPairDto } from "@/lib/shared/schemas/auth";

/**
 * After the server has issued tokens: keep them, check they name a user, and create the four
 * wallets on a first sign-in. The caller then goes to `/bank`.
 */
export async function completeSignIn(tokens: TokenPairDto): Promise<void> {
  saveTokens(tokens);
  try {
    await call(operations.me);
    const wallets = await call(operations.wallets);
    if (wallets.length === 0) {
      await call(operations.initWallets);
    }
  } catch (error) {
    // A half-finished sign-in must not leave a session behind that /bank would trust.
    clearSession();
    throw error;
  }
}
