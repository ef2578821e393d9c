import { currentLanguage } from "@/lib/client/language";
import type { TonLanguage } from "./config";

/**
 * The widget speaks the screens' language (lib/client/language.tsx): the settings choice, else
 * Telegram's `language_code` inside Telegram, else the browser's languages. Known at once, without
 * the SDK or the launch data; a promise for the callers that load the widget alongside.
 */
export function resolveLaunchLanguage(): Promise<TonLanguage> {
  return Promise.resolve(currentLanguage());
}

/** The widget language now. */
export function launchLanguage(): TonLanguage {
  return currentLanguage();
}

/** The widget language now (never unknown: the screens' language always is). */
export function knownLaunchLanguage(): TonLanguage | null {
  return currentLanguage();
}
