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
import { canonicalAddress } from "@/lib/server/platform/network";

export const CLIENT_IP_HEADER = "x-minibank-client-ip";

/**
 * The canonical form of the socket addresses seen lately: a keep-alive connection, or the proxy in
 * front, sends many requests from one address, and parsing it (ipaddr.js) costs each of them a few
 * microseconds. Bounded: emptied when full.
 */
const canonicalSockets = new Map<string, string>();
const CANONICAL_SOCKETS_MAX = 1024;

function canonicalSocket(raw: string): string {
  let canonical = canonicalSockets.get(raw);
  if (canonical === undefined) {
    canonical = canonicalAddress(raw);
    if (canonicalSockets.size >= CANONICAL_SOCKETS_MAX) canonicalSockets.clear();
    canonicalSockets.set(raw, canonical);
  }
  return canonical;
}

export function clientIpOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const socket = socketAddress ? canonicalSocket(socketAddress) : "unknown";
  if (trustedProxies === 0 || !forwardedFor) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  return canonicalAddress(hops[Math.max(0, hops.length - trustedProxies)]);
}
