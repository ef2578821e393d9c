import { NextResponse, type NextRequest } from "next/server";
import { createNonce, securityHeaders, securityModeFromEnv } from "@/lib/server/http/security-headers";

/**
 * Security headers of every page (API responses get theirs from next.config.ts). Pages get a per-request CSP nonce: Next.js reads it from the
 * request's Content-Security-Policy header while rendering and stamps it on its own scripts, and
 * server components can read it from `x-nonce`. That is why pages render dynamically.
 */
export function proxy(request: NextRequest) {
  const mode = securityModeFromEnv(process.env);
  const nonce = createNonce();
  const headers = securityHeaders(nonce, mode);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build assets are immutable files and the API answers JSON: next.config.ts gives both their
  // static headers, so they skip the proxy (it would cost every API request a round through it).
  matcher: ["/((?!_next/static|_next/image|api/).*)"],
};
