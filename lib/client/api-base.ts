/**
 * Where the `/api/v1` server lives: NEXT_PUBLIC_API_BASE_URL, fixed at build time (default: the
 * origin that served the page). The one place API URLs are built: every request of the client,
 * the refresh, the demo signer and the wallet tab's early requests go through `apiUrl`.
 * A server on another origin must list this frontend's origin in its CORS_ORIGINS.
 */
export const API_BASE = (process.env.NEXT_PUBLIC_API_BASE_URL ?? "").replace(/\/+$/, "");

/** The URL of an API path ("/api/v1/wallet"); other paths are left as they are. */
export function apiUrl(path: string): string {
  return path.startsWith("/api/") ? `${API_BASE}${path}` : path;
}
