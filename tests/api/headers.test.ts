import {
  API_CSP,
  createNonce,
  pageCsp,
  securityHeaders,
  securityModeFromEnv,
} from "@/lib/server/security-headers";

const prod = { dev: false, https: true };
const demo = { dev: false, https: false };
const dev = { dev: true, https: false };

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("page Content-Security-Policy", () => {
  it("allows only nonce-bearing scripts and what they load", () => {
    const csp = directives(pageCsp("abc123==", demo));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    // Inline handlers: only the empty one (sha256 of "") that TON Connect UI sets on <body>.
    expect(csp.get("script-src-attr")).toEqual([
      "'unsafe-hashes'",
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
  });

  it("lets Telegram's web clients frame the app and nobody else", () => {
    const csp = directives(pageCsp("n", demo));
    expect(csp.get("frame-ancestors")).toEqual([
      "'self'",
      "https://web.telegram.org",
      "https://*.telegram.org",
      "https://t.me",
    ]);
  });

  it("allows injected styles, remote images and wallet bridges", () => {
    const csp = directives(pageCsp("n", demo));
    // A nonce in style-src would silently disable 'unsafe-inline'.
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https:", "wss:"]);
  });

  it("adds 'unsafe-eval' only in development", () => {
    expect(directives(pageCsp("n", dev)).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(pageCsp("n", prod)).get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(pageCsp("n", demo)).get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("upgrades insecure requests only behind HTTPS", () => {
    expect(directives(pageCsp("n", prod)).has("upgrade-insecure-requests")).toBe(true);
    expect(directives(pageCsp("n", demo)).has("upgrade-insecure-requests")).toBe(false);
  });
});

describe("securityHeaders", () => {
  it("sends nosniff, referrer and permissions policies on every response", () => {
    for (const nonce of ["n", null]) {
      const headers = securityHeaders(nonce, demo);
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["Permissions-Policy"]).toBe("camera=(self), microphone=(), geolocation=()");
    }
  });

  it("sends HSTS only in a real production deployment", () => {
    expect(securityHeaders("n", prod)["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
    expect(securityHeaders("n", demo)).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaders("n", dev)).not.toHaveProperty("Strict-Transport-Security");
  });

  it("gives API responses a policy that allows nothing", () => {
    expect(securityHeaders(null, prod)["Content-Security-Policy"]).toBe(API_CSP);
    expect(directives(API_CSP).get("default-src")).toEqual(["'none'"]);
    expect(directives(API_CSP).get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("securityModeFromEnv", () => {
  it("derives dev and https from NODE_ENV and MINIBANK_DEMO", () => {
    expect(securityModeFromEnv({ NODE_ENV: "production" })).toEqual({ dev: false, https: true });
    expect(securityModeFromEnv({ NODE_ENV: "production", MINIBANK_DEMO: "1" })).toEqual(demo);
    expect(securityModeFromEnv({ NODE_ENV: "production", MINIBANK_DEMO: "true" })).toEqual(demo);
    expect(securityModeFromEnv({ NODE_ENV: "development" })).toEqual(dev);
    expect(securityModeFromEnv({ NODE_ENV: "test" })).toEqual({ dev: false, https: false });
  });
});

describe("createNonce", () => {
  it("is fresh, base64 and 128 bits", () => {
    const nonces = new Set(Array.from({ length: 200 }, createNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("proxy", () => {
  // Imported lazily: next/server needs the web globals jest's node environment provides.
  async function run(path: string) {
    const { NextRequest } = await import("next/server");
    const { proxy } = await import("@/proxy");
    return proxy(new NextRequest(`http://localhost${path}`));
  }

  it("gives a page a fresh nonce on the request and the matching CSP on the response", async () => {
    const first = await run("/bank");
    const second = await run("/bank");
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // NextResponse.next({request}) forwards overridden request headers this way.
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(second.headers.get("x-middleware-request-x-nonce")).not.toBe(nonce);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives API responses the locked-down policy and no nonce", async () => {
    const res = await run("/api/v1/wallet");
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
    expect(res.headers.get("x-middleware-request-x-nonce")).toBeNull();
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
