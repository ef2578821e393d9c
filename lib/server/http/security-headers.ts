/**
 * Security headers for every response, built in one place so proxy.ts and the tests agree.
 * Pure functions of their options: no env reads here (proxy.ts decides the mode per request).
 *
 * No `server-only` import: proxy.ts runs outside the React server graph, where that marker throws.
 */
// Relative: next.config.ts loads this file, and its loader does not resolve the `@/` alias.
import { isDemoEnv } from "../platform/demo-mode";

/** Telegram's web clients embed Mini Apps in an iframe; nothing else may frame the app. */
export const FRAME_ANCESTORS = [
  "'self'",
  "https://web.telegram.org",
  "https://*.telegram.org",
  "https://t.me",
] as const;

export type SecurityMode = {
  /** `next dev`: React needs `eval` to rebuild server error stacks in the browser. */
  dev: boolean;
  /** A real deployment behind HTTPS (production and not demo): HSTS and insecure-request upgrades. */
  https: boolean;
  /** The API's origin when it is not this one (API_BASE_URL): pages may connect to it. */
  apiOrigin?: string;
};

/** A fresh unguessable nonce for one page response: 16 random bytes, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The page CSP. Scripts: only the app's own, by nonce; `'strict-dynamic'` lets those load their
 * chunks. Styles allow inline because TON Connect UI injects `<style>` tags at run time (a nonce
 * in style-src would switch `'unsafe-inline'` off). Images from any https origin: Telegram avatars
 * and wallet icons. Network: https and wss for TON Connect bridges and the wallets list.
 */
export function pageCsp(nonce: string, mode: SecurityMode): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${mode.dev ? " 'unsafe-eval'" : ""}`,
    // TON Connect UI sets an empty `ontouchstart=""` on <body> (a Mobile Safari workaround); the
    // hash of the empty string allows exactly that handler and no other inline handler.
    "script-src-attr 'unsafe-hashes' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${mode.apiOrigin ? ` ${mode.apiOrigin}` : ""}`,
    "font-src 'self' data:",
    `connect-src 'self' https: wss:${mode.apiOrigin ? ` ${mode.apiOrigin}` : ""}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${FRAME_ANCESTORS.join(" ")}`,
  ];
  if (mode.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** JSON and SVG answers of the API need no capabilities at all; nobody frames them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The API reference page (/api/docs): Redoc's bundled script from this origin, its
 * run-time styles, its search worker (a blob), and the document fetched from this origin.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** One year, the preload list's minimum. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Headers that do not depend on the response kind. */
export function commonSecurityHeaders(mode: SecurityMode): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // The camera is the QR scanner's; nothing needs the microphone or location.
    "Permissions-Policy": "camera=(self), microphone=(), geolocation=()",
  };
  if (mode.https) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}

/** All headers of a page response carrying `nonce`, or of an API response when nonce is null. */
export function securityHeaders(nonce: string | null, mode: SecurityMode): Record<string, string> {
  return {
    ...commonSecurityHeaders(mode),
    "Content-Security-Policy": nonce === null ? API_CSP : pageCsp(nonce, mode),
  };
}

/**
 * The API's headers that do not depend on the environment, served by next.config.ts for
 * `/api/:path*` (so API requests skip the proxy). HSTS depends on the runtime mode: the API
 * route wrapper adds it (see `lib/server/http/index.ts`).
 */
export function apiStaticHeaders(): Record<string, string> {
  return securityHeaders(null, { dev: false, https: false });
}

/** A real deployment behind HTTPS: production, and not the demo. */
export function servesHttps(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV === "production" && !isDemoEnv(env);
}

/** Mode from the environment: HSTS only for a real production deployment, never in demo mode. */
export function securityModeFromEnv(env: Record<string, string | undefined>): SecurityMode {
  let apiOrigin: string | undefined;
  try {
    apiOrigin = env.API_BASE_URL ? new URL(env.API_BASE_URL).origin : undefined;
  } catch {
    apiOrigin = undefined;
  }
  return {
    dev: env.NODE_ENV === "development",
    https: servesHttps(env),
    ...(apiOrigin ? { apiOrigin } : {}),
  };
}
