/**
 * How the server meets the network: how many proxies stand in front of it (TRUST_PROXY), client
 * addresses in one spelling and the key per-address limits count under, and the origins another
 * frontend may call from (CORS_ORIGINS). Read by the configuration (env.ts, which refuses to start
 * on a bad value), the HTTP layer and the server in front of Next.js.
 *
 * No `server-only` import: scripts/serve.ts runs outside the React server graph.
 */
import ipaddr from "ipaddr.js";

/** How many proxies stand in front of the server: TRUST_PROXY, a whole number 0–10 (default 0). */
export function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10) {
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0–10), got "${value}"`);
  }
  return n;
}

/** CORS_ORIGINS as origins ("https://app.example.com"); throws naming an entry that is not one. */
export function parseCorsOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(",").map((entry) => {
    const text = entry.trim();
    let origin: string | null = null;
    try {
      const url = new URL(text);
      origin = (url.protocol === "https:" || url.protocol === "http:") && url.origin === text.replace(/\/$/, "") ? url.origin : null;
    } catch {
      origin = null;
    }
    if (!origin) throw new Error(`CORS_ORIGINS: "${text}" is not an origin (scheme://host[:port])`);
    return origin;
  });
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
