/**
 * Cheap environment checks that do not load the Telegram SDK, so the first paint of a sign-in
 * page in a plain browser ships none of it. Below lib/client/telegram/ (which uses the API client,
 * the session and the language, and they use these), so imports here run downward only.
 */

export type ThemeName = "light" | "dark";

const TG_FLAG = "mb-in-telegram";
const THEME_KEY = "mb-theme";

type TelegramWindow = Window & {
  TelegramWebviewProxy?: unknown;
  external?: { notify?: unknown };
};

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * True when the page runs inside a Telegram client: launch parameters in the URL hash (first
 * load), the native webview proxy (mobile and desktop apps), or an embedding frame (web clients).
 * The answer is remembered for the tab, because in-app navigation drops the hash, and decided
 * once per page: the plain-browser imitation installs a webview proxy of its own later.
 */
let decided: boolean | null = null;

export function isInsideTelegram(): boolean {
  if (typeof window === "undefined") return false;
  decided ??= detectTelegram();
  return decided;
}

function detectTelegram(): boolean {
  const store = session();
  if (store?.getItem(TG_FLAG) === "1") return true;
  const w = window as TelegramWindow;
  const inside =
    /tgWebApp(Data|Version|Platform)=/.test(window.location.hash) ||
    w.TelegramWebviewProxy !== undefined ||
    typeof w.external?.notify === "function" ||
    window.parent !== window;
  if (inside) store?.setItem(TG_FLAG, "1");
  return inside;
}

/**
 * Theme for a plain browser: `?theme=dark|light` wins (and is kept for the tab, so tests can force
 * either), then an earlier choice in this tab, then the system preference.
 */
export function preferredTheme(): ThemeName {
  if (typeof window === "undefined") return "light";
  const store = session();
  const fromQuery = new URLSearchParams(window.location.search).get("theme");
  if (fromQuery === "dark" || fromQuery === "light") {
    store?.setItem(THEME_KEY, fromQuery);
    return fromQuery;
  }
  const kept = store?.getItem(THEME_KEY);
  if (kept === "dark" || kept === "light") return kept;
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Applies the theme to `<html data-theme>`, which switches the CSS fallback palette. */
export function applyTheme(theme: ThemeName): void {
  if (typeof document !== "undefined") document.documentElement.dataset.theme = theme;
}

/** Debug mode: the start parameter contains the `debug` marker (spec §2). */
export function isDebugStartParam(startParam: string | null | undefined): boolean {
  return Boolean(startParam && startParam.toLowerCase().includes("debug"));
}

/**
 * The same theme choice as `preferredTheme`, as a tiny inline script for `<head>`, so the dark
 * palette applies before the first paint (no white flash) without waiting for React.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var s=sessionStorage,q=new URLSearchParams(location.search).get("theme"),t;if(q==="dark"||q==="light"){s.setItem("${THEME_KEY}",q);t=q}else{t=s.getItem("${THEME_KEY}")}if(t!=="dark"&&t!=="light"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}document.documentElement.dataset.theme=t}catch(e){}})();`;
