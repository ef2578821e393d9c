import { hasFeature } from "@/lib/client/telegram/features";
import { loadedTelegram } from "@/lib/client/telegram/env";

/**
 * Closes the on-screen keyboard once an amount is confirmed, so the confirmation and Telegram's
 * MainButton are not hidden behind it (`hideKeyboard`, Bot API 9.1). A no-op outside Telegram,
 * before 9.1 and before the SDK has loaded; a browser closes its keyboard when the field blurs.
 */
export function hideKeyboard(): void {
  const env = loadedTelegram();
  if (!env?.native || !hasFeature(env, "hideKeyboard")) return;
  try {
    if (env.sdk.hideKeyboard.isAvailable()) env.sdk.hideKeyboard();
  } catch {
    // A nicety: the keyboard simply stays.
  }
}
