/**
 * Where the `/api/v1` server lives: API_BASE_URL, read by the server at run time and handed to the
 * browser in the page's `<meta name="minibank-api-base">` (app/layout.tsx), so one build serves any
 * API origin (default: the origin that served the page). The one place API URLs are built: every
 * request of the client, the refresh, the demo signer and the wallet tab's early requests go
 * through `apiUrl`. A server on another origin must list this frontend's origin in its CORS_ORIGINS.
 */
export const API_BASE_META = "minibank-api-base";

/** The base every API path is prefixed with: "" for this origin. */
export function apiBase(): string {
  if (typeof document === "undefined") return "";
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_META}"]`);
  return (meta?.content ?? "").replace(/\/+$/, "");
}

/** The URL of an API path ("/api/v1/wallet"); other paths are left as they are. */
export function apiUrl(path: string): string {
  return path.startsWith("/api/") ? `${apiBase()}${path}` : path;
}
