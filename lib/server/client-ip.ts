/**
 * The address a request came from, decided once per request by the production server
 * (scripts/serve.ts) and handed to the route handlers in `CLIENT_IP_HEADER`, which it always
 * overwrites — a client cannot set it.
 *
 * Forwarding headers are written by whoever sends the request, so they are believed only as far
 * as TRUST_PROXY says: with N trusted proxies in front, each appends the address it saw to
 * X-Forwarded-For, and the client is the entry the outermost trusted proxy appended (the N-th from
 * the right). With none (the default), the socket's address is the client.
 *
 * No `server-only` import: scripts/serve.ts runs outside the React server graph.
 */
export const CLIENT_IP_HEADER = "x-minibank-client-ip";

/** How many proxies stand in front of the server: TRUST_PROXY, a whole number 0–10 (default 0). */
export function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10) {
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0–10), got "${value}"`);
  }
  return n;
}

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) → "10.0.0.1". */
function plain(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

export function clientIpOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const socket = socketAddress ? plain(socketAddress) : "unknown";
  if (trustedProxies === 0 || !forwardedFor) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  return plain(hops[Math.max(0, hops.length - trustedProxies)]);
}
