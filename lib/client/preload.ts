import { API_BASE_META } from "@/lib/client/api-base";
import { ACCESS_TOKEN_KEY } from "@/lib/client/session";
import { operations, pathOf } from "@/lib/shared/api/operations";

/**
 * Early requests for the wallet tab. The tab cannot ask for its data before the page's code has
 * downloaded and started, and the data cannot come with the page (the session lives in the tab's
 * session storage, which the server never sees). A small inline script therefore starts the
 * wallet tab's GET requests while the code still downloads, and `api()` takes those answers
 * instead of asking again.
 */

/** What the wallet tab shows first: the user, the wallets and the three rates (lib/client/hooks.ts). */
export const WALLET_TAB_PATHS = [
  pathOf(operations.me),
  pathOf(operations.wallets),
  ...(["USD", "EUR", "CNY"] as const).map((currency) => pathOf(operations.rate, { currency })),
];

/** Answers older than this are not used: the screen would show data older than it should. */
const MAX_AGE_MS = 10_000;

type Preloaded = {
  token: string;
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
  /** Bodies of the 200 answers that have arrived, parsed (unchecked). */
  data: Record<string, unknown>;
};
type PreloadWindow = Window & { __mbPreload?: Preloaded };

/**
 * The inline script for /bank (for the wallet tab only: other tabs start with other data). Bodies
 * of 200 answers are parsed from a clone as they arrive, so the tab's first render can already
 * show them; the response itself stays readable for `api()`. Every promise gets a no-op rejection
 * handler so a request nobody takes never reports an unhandled rejection; whoever takes it still
 * sees the failure.
 */
export function walletTabPreloadScript(): string {
  return `(function(){try{var q=new URLSearchParams(location.search).get("tab");if(q&&q!=="wallet")return;var t=sessionStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)});if(!t)return;var m=document.querySelector('meta[name="${API_BASE_META}"]'),b=m?m.content.replace(/\\/+$/,""):"";var r={},d={},n=function(){};${JSON.stringify(WALLET_TAB_PATHS)}.forEach(function(p){var f=fetch(b+p,{credentials:"include",headers:{accept:"application/json",authorization:"Bearer "+t}});f.catch(n);r[p]=f;f.then(function(s){if(s.status===200)return s.clone().json().then(function(j){if(r[p])d[p]=j})}).catch(n)});window.__mbPreload={token:t,at:Date.now(),responses:r,data:d}}catch(e){}})();`;
}

function fresh(token: string): Preloaded | null {
  if (typeof window === "undefined") return null;
  const preloaded = (window as PreloadWindow).__mbPreload;
  return preloaded && preloaded.token === token && Date.now() - preloaded.at <= MAX_AGE_MS ? preloaded : null;
}

/**
 * The parsed body of an early answer that has already arrived, once (its request is then taken
 * too); undefined otherwise. The caller checks its shape.
 */
export function takePreloadedData(path: string, token: string): unknown {
  const preloaded = fresh(token);
  if (!preloaded || !(path in preloaded.data)) return undefined;
  const data = preloaded.data[path];
  delete preloaded.data[path];
  delete preloaded.responses[path];
  return data;
}

/**
 * The early answer for a GET of `path` made with `token`, once; null when there is none, it was
 * made with another token, or it is too old.
 */
export function takePreloaded(path: string, token: string): Promise<Response> | null {
  const preloaded = fresh(token);
  const response = preloaded?.responses[path];
  if (!preloaded || !response) return null;
  delete preloaded.responses[path];
  delete preloaded.data[path];
  return response;
}
