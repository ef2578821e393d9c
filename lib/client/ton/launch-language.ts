import { demoInitData, initDataLanguageCode } from "@/lib/client/telegram/demo-init-data";
import { isInsideTelegram } from "@/lib/client/telegram/detect";
import { loadTelegram, loadedTelegram } from "@/lib/client/telegram/init";
import { tonLanguage, type TonLanguage } from "./config";

/** Waiting longer than this for the Telegram environment would only delay the widget. */
const WAIT_MS = 3000;

let resolved: TonLanguage | null = null;
let pending: Promise<TonLanguage> | null = null;

/**
 * The launch user's `language_code`. Inside Telegram the app loads the SDK anyway; in a plain
 * browser the imitation's launch data is the demo init data (or none), read here without loading
 * the SDK, which the wallet tab would otherwise download only to learn a language.
 */
async function launchLanguageCode(): Promise<string | null | undefined> {
  const env = loadedTelegram() ?? (isInsideTelegram() ? await loadTelegram() : null);
  if (env) return env.launchParams.tgWebAppData?.user?.language_code;
  return initDataLanguageCode(await demoInitData());
}

/**
 * The widget language from the Telegram user's `language_code` ('ru' for Russian speakers, else
 * 'en'). Launch parameters come from the messenger, or from the app's imitation in a plain
 * browser — hence a promise. Without launch data: English, the widget's default.
 */
export function resolveLaunchLanguage(): Promise<TonLanguage> {
  if (resolved) return Promise.resolve(resolved);
  // Callers that ask while a lookup is under way share it: the wallet tab's shell and the tab
  // itself each mount a button, and one request for the launch data is enough.
  pending ??= lookUp().finally(() => (pending = null));
  return pending;
}

async function lookUp(): Promise<TonLanguage> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  try {
    const code = await Promise.race([launchLanguageCode().then((value) => ({ value })), timeout]);
    if (!code) return tonLanguage(undefined); // not cached: a later call may still get the data
    resolved = tonLanguage(code.value);
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
