import { loadTelegram, loadedTelegram } from "@/lib/client/telegram/init";
import { tonLanguage, type TonLanguage } from "./config";

/** Waiting longer than this for the Telegram environment would only delay the widget. */
const WAIT_MS = 3000;

let resolved: TonLanguage | null = null;

/**
 * The widget language from the Telegram user's `language_code` ('ru' for Russian speakers, else
 * 'en'). Launch parameters come from the messenger, or from the app's imitation in a plain
 * browser, which is set up asynchronously — hence a promise. Without launch data: English, the
 * widget's default.
 */
export async function resolveLaunchLanguage(): Promise<TonLanguage> {
  if (resolved) return resolved;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  try {
    const env = await Promise.race([loadTelegram(), timeout]);
    if (!env) return tonLanguage(undefined); // not cached: a later call may still get the data
    resolved = tonLanguage(env.launchParams.tgWebAppData?.user?.language_code);
  } catch {
    resolved = tonLanguage(undefined);
  }
  return resolved;
}

/** The language found by `resolveLaunchLanguage`, or the default before it has answered. */
export function launchLanguage(): TonLanguage {
  return resolved ?? tonLanguage(undefined);
}

/**
 * The language right now, without waiting: what `resolveLaunchLanguage` found, or the launch data
 * the app has already loaded; null while neither is known (then wait for `resolveLaunchLanguage`).
 */
export function knownLaunchLanguage(): TonLanguage | null {
  if (resolved) return resolved;
  const env = loadedTelegram();
  return env ? tonLanguage(env.launchParams.tgWebAppData?.user?.language_code) : null;
}
