import { resumeSession } from "@/lib/client/api";
import { hasSession, keepRefreshTokens } from "@/lib/client/session";
import { tokenVault, type VaultEnv } from "@/lib/client/telegram/token-vault";

/**
 * Inside Telegram: signs in silently with the refresh token kept by an earlier visit, if this tab
 * has no session yet, then keeps every new refresh token in the client's vault (and removes it
 * at logout or when the server refuses it). Resolves true when a kept token signed in. Outside
 * Telegram, on clients without a vault and when the vault fails: false, and nothing is kept
 * (sign-in then works as it always did).
 */
export async function keepSession(env: VaultEnv): Promise<boolean> {
  const vault = tokenVault(env);
  if (!vault) {
    keepRefreshTokens(null);
    return false;
  }
  let resumed = false;
  if (!hasSession()) {
    try {
      const kept = await vault.read();
      const outcome = kept ? await resumeSession(kept) : null;
      resumed = outcome === "renewed";
      if (outcome === "refused") await vault.write(null);
    } catch {
      // A vault that fails to answer: sign in as usual.
    }
  }
  keepRefreshTokens((token) => void vault.write(token).catch(() => undefined));
  return resumed;
}
