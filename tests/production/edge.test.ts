// What only the production server's socket layer decides, over real HTTP against `npm start`:
// whose address a request comes from (TRUST_PROXY), malformed percent-encoding, and bodies that
// never end. Two servers on one production build: none and one trusted proxy in front.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { startApp, type App } from "@/tests/support/production-app";

jest.setTimeout(300_000);

const PER_IP = 3;
let direct: App;
let proxied: App;

const start = (name: string, trustProxy: string): Promise<App> =>
  startApp({
    name,
    extra: {
      TRUST_PROXY: trustProxy,
      CORS_ORIGINS: "http://app.minibank.test:3400",
      AUTH_CODE_LIMIT_PER_IP: String(PER_IP),
      AUTH_CODE_LIMIT_PER_EMAIL: "100",
      LOG_LEVEL: "info",
    },
  });

beforeAll(async () => {
  [direct, proxied] = await Promise.all([start("direct", ""), start("proxied", "1")]);
});

afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
});

const requestCode = (server: App, forwardedFor?: string) =>
  fetch(`${server.url}/api/v1/auth/email/request-code`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify({ email: `edge.${crypto.randomUUID()}@example.test` }),
  }).then((res) => res.status);

describe("the client's address", () => {
  it("without a trusted proxy, X-Forwarded-For and X-Real-IP are ignored: forged addresses share the socket's limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP + 2; i += 1) {
      statuses.push(await requestCode(direct, `203.0.113.${i}`));
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const realIp = await fetch(`${direct.url}/api/v1/auth/email/request-code`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": "198.51.100.7" },
      body: JSON.stringify({ email: "edge.real-ip@example.test" }),
    });
    expect(realIp.status).toBe(429);
  });

  it("behind one trusted proxy, the right-most X-Forwarded-For entry is the client", async () => {
    // The proxy appends the address it saw; whatever the client wrote before it does not count.
    const one = [];
    for (let i = 0; i < PER_IP + 1; i += 1) one.push(await requestCode(proxied, `10.9.9.${i}, 192.0.2.10`));
    expect(one).toEqual([200, 200, 200, 429]);
    expect(await requestCode(proxied, "10.9.9.1, 192.0.2.11")).toBe(200);
  });
});

describe("CORS for a frontend on another origin", () => {
  const app = "http://app.minibank.test:3400";

  it("answers the preflight of an allowed origin, and nothing to another", async () => {
    const preflight = (origin: string) =>
      fetch(`${direct.url}/api/v1/transfers`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, idempotency-key" },
      });
    const ok = await preflight(app);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(app);
    expect(ok.headers.get("access-control-allow-credentials")).toBe("true");
    expect(ok.headers.get("access-control-allow-headers")).toMatch(/Authorization.*Idempotency-Key/);
    const refused = await preflight("http://evil.minibank.test");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("echoes the allowed origin on answers (never *), with Vary: Origin on every answer", async () => {
    const get = (origin?: string) => fetch(`${direct.url}/api/v1/wallet`, { headers: origin ? { origin } : {} });
    const allowed = await get(app);
    expect(allowed.status).toBe(401);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(app);
    expect(allowed.headers.get("vary")).toMatch(/Origin/);
    const other = await get("http://evil.minibank.test");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("vary")).toMatch(/Origin/);
  });
});

describe("malformed percent-encoding", () => {
  it.each(["/api/v1/users/username/%FF", "/api/v1/users/email/%E0%A4%A", "/api/v1/rates/%C0"])(
    "%s is a JSON 400 with the API's security headers",
    async (pathname) => {
      const res = await fetch(`${direct.url}${pathname}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.json()).toEqual({ message: expect.stringMatching(/[а-я]/i), code: "VALIDATION_ERROR" });
    },
  );
});

describe("absolute-form request targets", () => {
  /** Sends one request line as written (fetch would turn an absolute URL into a path). */
  const rawGet = (target: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(direct.url).port), "127.0.0.1", () => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      });
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });

  it.each(["http://evil.example/api/v1/wallet", "https://evil.example/", "HTTP://evil.example/receipt/1"])(
    "GET %s is a 400 that names no other host, never a redirect",
    async (target) => {
      const raw = await rawGet(target);
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      expect(raw).not.toMatch(/^location:/im);
      expect(raw).not.toContain("evil.example");
    },
  );
});

describe("request bodies", () => {
  it("a chunked body that never ends is cut at 16 KB with 413, long before it is all sent", async () => {
    let sent = 0;
    const megabyte = new Uint8Array(1024 * 1024).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64 * 1024 * 1024) return controller.close();
        sent += megabyte.byteLength;
        controller.enqueue(megabyte);
      },
    });
    const res = await fetch(`${direct.url}/api/v1/auth/email/request-code`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    // The server is still there.
    expect((await fetch(`${direct.url}/api/health`)).status).toBe(200);
  });

  it("logs every refusal above as an info line, and no error", () => {
    const lines = fs
      .readFileSync(direct.logFile, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; status?: number; route?: string });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // Three malformed paths and three absolute URLs.
    expect(lines.filter((l) => l.status === 400 && l.route === "/api/[malformed]")).toHaveLength(6);
    expect(lines.some((l) => l.status === 413 && l.level === 30)).toBe(true);
  });
});
