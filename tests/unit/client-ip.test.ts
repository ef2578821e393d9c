import { clientIpOf, parseTrustProxy } from "@/lib/server/client-ip";

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

  it("TRUST_PROXY is a whole number from 0 to 10", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("")).toBe(0);
    expect(parseTrustProxy("2")).toBe(2);
    for (const bad of ["-1", "11", "1.5", "yes", "true"]) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
