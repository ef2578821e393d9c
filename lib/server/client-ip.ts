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
import ipaddr from "ipaddr.js";

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

/**
 * One spelling per address, so that a limit cannot be dodged by writing the same address another
 * way: a port is dropped ("6.6.6.6:1234", "[2001:db8::1]:443"), as is an IPv6 zone ("fe80::1%eth0");
 * an IPv4 client on a dual-stack socket ("::ffff:10.0.0.1") is its IPv4 address; IPv6 is written
 * in RFC 5952's form (lower case, the longest run of zeros compressed). What does not parse as an
 * address is "unknown" — one bucket for all of it, never one per spelling.
 */
export function canonicalAddress(raw: string): string {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "");
  if (!ipaddr.isValid(text)) return "unknown";
  return ipaddr.process(text).toString();
}

/**
 * The key the per-address limits count under (lib/server/auth/code-limits.ts): an IPv4 address
 * itself; an IPv6 client by its /64, the block one subscriber line or host is usually given, so
 * that walking the addresses of one's own block does not buy more tries.
 */
export function addressKey(address: string): string {
  const canonical = canonicalAddress(address);
  if (!ipaddr.IPv6.isValid(canonical)) return canonical;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${canonical}/64`).toString()}/64`;
}

export function clientIpOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const socket = socketAddress ? canonicalAddress(socketAddress) : "unknown";
  if (trustedProxies === 0 || !forwardedFor) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  return canonicalAddress(hops[Math.max(0, hops.length - trustedProxies)]);
}
