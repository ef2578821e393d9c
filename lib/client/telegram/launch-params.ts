import type { RetrieveLPResult } from "@telegram-apps/sdk-react";

/**
 * Telegram's launch parameters, read without the SDK's strictness and kept before anything else
 * runs. Type-only SDK import: the boot script and the raw readers ship without the SDK.
 */

type StrictLaunchParams = RetrieveLPResult;
type StrictInitData = NonNullable<StrictLaunchParams["tgWebAppData"]>;

/** Init data as the app reads it: `signature` (Bot API 8.0) may be absent. */
export type TelegramInitData = Pick<
  StrictInitData,
  "auth_date" | "can_send_after" | "chat" | "chat_type" | "chat_instance" | "hash" | "query_id" | "receiver" | "start_param" | "user"
> & { signature?: string };
/** Launch parameters as the app reads them (snake_case inside `tgWebAppData`, as Telegram sends). */
export type TelegramLaunchParams = Pick<
  StrictLaunchParams,
  | "tgWebAppVersion"
  | "tgWebAppPlatform"
  | "tgWebAppThemeParams"
  | "tgWebAppStartParam"
  | "tgWebAppBotInline"
  | "tgWebAppShowSettings"
  | "tgWebAppFullscreen"
  | "tgWebAppDefaultColors"
> & { tgWebAppData?: TelegramInitData };

type Parsers = Pick<typeof import("@telegram-apps/sdk-react"), "parseLaunchParamsQuery" | "parseInitDataQuery">;

/** Where the first page load keeps them for the tab (in-app navigation and full loads drop the hash). */
export const LAUNCH_PARAMS_KEY = "mb-launch-params";
const IN_TELEGRAM_FLAG = "mb-in-telegram";
const LAUNCH_HASH = /(^|[#&])tgWebApp(Version|Data|Platform)=/;

/**
 * Runs first in `<head>`, before any bundle: keeps the launch parameters of this opening in the
 * tab's session storage, so a full page load a moment later (a reload, a link that leaves the
 * client-side router) still has them even if the SDK never got to run.
 */
export const LAUNCH_BOOT_SCRIPT = `(function(){try{var h=location.hash;if(/${LAUNCH_HASH.source}/.test(h)){sessionStorage.setItem("${LAUNCH_PARAMS_KEY}",h.slice(1));sessionStorage.setItem("${IN_TELEGRAM_FLAG}","1")}}catch(e){}})();`;

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Launch parameters in a URL's hash (or null when it carries none). */
function fromUrl(url: string | undefined): string | null {
  if (!url) return null;
  const hash = url.includes("#") ? url.slice(url.indexOf("#") + 1) : "";
  return LAUNCH_HASH.test(hash) ? hash : null;
}

/**
 * This opening's raw launch parameters: the page's own hash (kept at once when found), the copy the
 * boot script kept, or the hash of the navigation that opened the tab; null when there are none.
 */
export function rawLaunchParams(): string | null {
  if (typeof window === "undefined") return null;
  const store = session();
  const own = fromUrl(window.location.href);
  if (own) {
    store?.setItem(LAUNCH_PARAMS_KEY, own);
    return own;
  }
  const kept = store?.getItem(LAUNCH_PARAMS_KEY);
  if (kept) return kept;
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return fromUrl(navigation?.name);
}

/**
 * Init data the SDK's parser would refuse only for lacking `signature` — which clients before Bot
 * API 8.0 and many third-party clients never send, and which the server does not need (the bot's
 * `hash` proves the data) — is read with the field added for the parser and removed again. The raw
 * init data sent to the server is never touched. Unreadable init data: undefined.
 */
function parseInitData(sdk: Parsers, raw: string): TelegramInitData | undefined {
  const query = new URLSearchParams(raw);
  const unsigned = !query.has("signature");
  if (unsigned) query.set("signature", "");
  try {
    const parsed: TelegramInitData = sdk.parseInitDataQuery(query);
    if (unsigned) delete parsed.signature;
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * Parses launch parameters leniently: the version and the platform must be there (without them
 * nothing can be gated and the caller shows the "client too old" screen); theme parameters a
 * client left out or garbled become none; init data without `signature` is read (see above).
 * Throws when the version or the platform is missing.
 */
export function parseLaunchParams(sdk: Parsers, raw: string): TelegramLaunchParams {
  const query = new URLSearchParams(raw);
  const initData = query.get("tgWebAppData");
  query.delete("tgWebAppData");
  if (!query.get("tgWebAppVersion") || !query.get("tgWebAppPlatform")) {
    throw new Error("launch parameters without a version or a platform");
  }
  let rest: StrictLaunchParams;
  try {
    rest = sdk.parseLaunchParamsQuery(query);
  } catch {
    query.set("tgWebAppThemeParams", "{}");
    rest = sdk.parseLaunchParamsQuery(query);
  }
  const params: TelegramLaunchParams = { ...rest };
  delete params.tgWebAppData;
  const data = initData ? parseInitData(sdk, initData) : undefined;
  return data ? { ...params, tgWebAppData: data } : params;
}

/**
 * The launch parameters as the SDK itself accepts them: without the init data (the SDK has no use
 * for it; the server gets the raw copy) and with theme parameters. The SDK re-reads its launch
 * parameters on every call to decide whether it runs inside Telegram at all.
 */
export function launchParamsForSdk(raw: string): string {
  const query = new URLSearchParams(raw);
  query.delete("tgWebAppData");
  if (!query.get("tgWebAppThemeParams")) query.set("tgWebAppThemeParams", "{}");
  return query.toString();
}

/** The raw init data (`tgWebAppData`) of raw launch parameters, for the server; null when absent. */
export function rawInitData(raw: string | null): string | null {
  return raw ? new URLSearchParams(raw).get("tgWebAppData") || null : null;
}
