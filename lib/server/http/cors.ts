/**
 * CORS for `/api/v1`, for a frontend served from another origin (`API_BASE_URL`):
 * only the origins listed in CORS_ORIGINS (comma-separated, none by default) are answered, with
 * that origin echoed — never `*`, since requests carry credentials. Any other origin gets no CORS
 * headers at all, and the browser refuses the answer. `Vary: Origin` on every API answer keeps
 * caches from serving one origin's answer to another.
 *
 * No `server-only` import: scripts/serve.ts answers preflights outside the React server graph.
 */
export const CORS_ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, X-Request-Id";
export const CORS_ALLOWED_METHODS = "GET, POST, PUT, DELETE, OPTIONS";


/** Headers for an API answer to a request from `origin`. */
export function corsHeaders(origin: string | null, allowed: readonly string[]): Record<string, string> {
  if (!origin || !allowed.includes(origin)) return { Vary: "Origin" };
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" };
}

/** Headers for a preflight (OPTIONS) from `origin`; only CORS-less `Vary` for one not allowed. */
export function preflightHeaders(origin: string | null, allowed: readonly string[]): Record<string, string> {
  const base = corsHeaders(origin, allowed);
  if (!("Access-Control-Allow-Origin" in base)) return base;
  return {
    ...base,
    "Access-Control-Allow-Methods": CORS_ALLOWED_METHODS,
    "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
    "Access-Control-Max-Age": "600",
  };
}
