import {
  API_CSP,
  createNonce,
  pageCsp,
  securityHeaders,
  securityModeFromEnv,
} from "@/lib/server/http/security-headers";

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

  it("lets pages connect to the API's origin named at run time (API_BASE_URL), and to nothing for a bad one", () => {
    const mode = securityModeFromEnv({ NODE_ENV: "production", API_BASE_URL: "https://api.example.test/base/" });
    expect(mode.apiOrigin).toBe("https://api.example.test");
    expect(pageCsp("n", mode)).toMatch(/connect-src [^;]*https:\/\/api\.example\.test/);
    expect(securityModeFromEnv({ NODE_ENV: "production", API_BASE_URL: "not a url" }).apiOrigin).toBeUndefined();
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

  it("does not run for the API or build assets", async () => {
    const { config } = await import("@/proxy");
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    expect(matcher.test("/bank")).toBe(true);
    expect(matcher.test("/")).toBe(true);
    expect(matcher.test("/api/v1/wallet")).toBe(false);
    expect(matcher.test("/api/health")).toBe(false);
    expect(matcher.test("/_next/static/chunks/a.js")).toBe(false);
  });
});

describe("API headers", () => {
  it("come from next.config.ts: the locked-down policy and the common headers, no nonce", async () => {
    const { default: nextConfig } = await import("@/next.config");
    const rules = (await nextConfig.headers?.()) ?? [];
    const api = rules.find((rule) => rule.source.startsWith("/api/:path"));
    // Every API path but the reference page (/api/docs), which sends its own page headers.
    const apiPattern = new RegExp(`^/api/(?:${api!.source.slice("/api/:path(".length, -1)})$`);
    expect(["/api/v1/wallet", "/api/health", "/api/docsx"].every((p) => apiPattern.test(p))).toBe(true);
    expect(["/api/docs", "/api/docs/redoc.standalone.js"].some((p) => apiPattern.test(p))).toBe(false);
    const headers = Object.fromEntries((api?.headers ?? []).map((h) => [h.key, h.value]));
    expect(headers["Content-Security-Policy"]).toBe(API_CSP);
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Permissions-Policy"]).toBe("camera=(self), microphone=(), geolocation=()");
    expect(headers).not.toHaveProperty("x-nonce");
  });

  it("get HSTS from the route wrapper, only in a real production deployment", async () => {
    const { route } = await import("@/lib/server/http");
    const handler = route(
      { method: "GET", path: "/api/health", summary: "test", tag: "health", auth: false, ok: { status: 200 } },
      async () => Response.json({ ok: true }),
    );
    const env = process.env as Record<string, string | undefined>;
    const saved = { NODE_ENV: env.NODE_ENV, MINIBANK_DEMO: env.MINIBANK_DEMO };
    try {
      env.NODE_ENV = "production";
      delete env.MINIBANK_DEMO;
      const prodRes = await handler(new Request("http://localhost/api/health"));
      expect(prodRes.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      env.MINIBANK_DEMO = "1";
      const demoRes = await handler(new Request("http://localhost/api/health"));
      expect(demoRes.headers.get("strict-transport-security")).toBeNull();
    } finally {
      env.NODE_ENV = saved.NODE_ENV;
      if (saved.MINIBANK_DEMO === undefined) delete env.MINIBANK_DEMO;
      else env.MINIBANK_DEMO = saved.MINIBANK_DEMO;
    }
  });
});
