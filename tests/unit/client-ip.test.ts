import { codeRequestLimits, requesterKey, verifyLimit } from "@/lib/server/auth/code-limits";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { addressKey, canonicalAddress, parseTrustProxy } from "@/lib/server/platform/network";

describe("the client's address", () => {
  it("is the socket's address when no proxy is trusted, whatever the headers say", () => {
    expect(clientIpOf("203.0.113.9", "1.2.3.4", 0)).toBe("203.0.113.9");
    expect(clientIpOf("::ffff:203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(clientIpOf("::1", "1.2.3.4", 0)).toBe("::1");
    expect(clientIpOf(undefined, "1.2.3.4", 0)).toBe("unknown");
  });

  it("behind N trusted proxies is the N-th X-Forwarded-For entry from the right", () => {
    expect(clientIpOf("10.0.0.1", "6.6.6.6, 198.51.100.2", 1)).toBe("198.51.100.2");
    expect(clientIpOf("10.0.0.1", "6.6.6.6, 198.51.100.2, 10.0.0.7", 2)).toBe("198.51.100.2");
    expect(clientIpOf("10.0.0.1", ["6.6.6.6", "198.51.100.2"], 1)).toBe("198.51.100.2");
    // Fewer hops than proxies: the left-most is the best there is; no header: the socket.
    expect(clientIpOf("10.0.0.1", "198.51.100.2", 3)).toBe("198.51.100.2");
    expect(clientIpOf("10.0.0.1", undefined, 1)).toBe("10.0.0.1");
    expect(clientIpOf("10.0.0.1", " , ", 1)).toBe("10.0.0.1");
  });

  it("is the same for every request from one socket address, and right for many addresses", () => {
    // The canonical forms are kept (and the store emptied when full): none may leak into another's.
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 3000; i += 1) {
        const address = `198.51.${i >> 8}.${i & 255}`;
        expect(clientIpOf(`::ffff:${address}`, undefined, 0)).toBe(address);
      }
    }
    expect(clientIpOf("::ffff:203.0.113.9", undefined, 0)).toBe("203.0.113.9");
    expect(clientIpOf("not an address", undefined, 0)).toBe("unknown");
  });

  it("TRUST_PROXY is a whole number from 0 to 10", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("")).toBe(0);
    expect(parseTrustProxy("2")).toBe(2);
    for (const bad of ["-1", "11", "1.5", "yes", "true"]) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});

describe("one address, one count", () => {
  it("writes every spelling of an address the same way", () => {
    const same = (spellings: string[], expected: string) => {
      for (const spelling of spellings) expect(canonicalAddress(spelling)).toBe(expected);
    };
    same(["2001:db8::1", "2001:DB8:0::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "[2001:db8::1]:443", " 2001:db8::1 "], "2001:db8::1");
    same(["6.6.6.6", "6.6.6.6:1234", "::ffff:6.6.6.6", "[::ffff:6.6.6.6]:80", "::FFFF:606:606"], "6.6.6.6");
    same(["fe80::1%eth0"], "fe80::1");
    same(["not an address", "1.2.3.4.5", "", "2001:db8::g"], "unknown");
  });

  it("counts IPv6 clients by their /64 and IPv4 clients by their address", () => {
    expect(addressKey("2001:db8::1")).toBe("2001:db8::/64");
    expect(addressKey("2001:db8::ffff:1")).toBe("2001:db8::/64");
    expect(addressKey("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("unknown")).toBe("unknown");
  });

  it("behind a proxy, the forwarded entry is written the one way too", () => {
    expect(clientIpOf("10.0.0.1", "2001:DB8:0::1", 1)).toBe("2001:db8::1");
    expect(clientIpOf("10.0.0.1", "6.6.6.6:1234", 1)).toBe("6.6.6.6");
    expect(clientIpOf("::ffff:10.0.0.1", undefined, 1)).toBe("10.0.0.1");
  });

  it("so the code limits count one address however it is written (per IPv6 /64)", () => {
    const keys = (ip: string) => codeRequestLimits("a@example.com", ip).map((limit) => limit.key);
    expect(keys("2001:db8::2")).toEqual(keys("2001:DB8:0::1"));
    expect(keys("[2001:db8::7]:8443")).toEqual(keys("2001:db8::1"));
    expect(keys("6.6.6.6:1234")).toEqual(keys("6.6.6.6"));
    expect(verifyLimit("2001:db8::1").key).toBe(verifyLimit("2001:db8::abcd").key);
    expect(requesterKey("2001:db8::1")).toBe(requesterKey("2001:db8:0:0:1::9"));
    expect(keys("2001:db8:0:1::1")).not.toEqual(keys("2001:db8::1"));
  });
});
