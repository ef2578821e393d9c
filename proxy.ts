import { NextResponse, type NextRequest } from "next/server";
import { createNonce, securityHeaders, securityModeFromEnv } from "@/lib/server/security-headers";

/**
 * Security headers on every response. Pages get a per-request CSP nonce: Next.js reads it from the
 * request's Content-Security-Policy header while rendering and stamps it on its own scripts, and
 * server components can read it from `x-nonce`. That is why pages render dynamically.
 */
export function proxy(request: NextRequest) {
  const mode = securityModeFromEnv(process.env);
  const isApi = request.nextUrl.pathname.startsWith("/api/");
  const nonce = isApi ? null : createNonce();
  const headers = securityHeaders(nonce, mode);

  let response: NextResponse;
  if (nonce === null) {
    response = NextResponse.next();
  } else {
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Build assets are immutable files; next.config.ts gives them the static headers instead.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
