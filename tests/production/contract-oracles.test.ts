// `npm run contract`'s domain oracles and authorization matrix against Minibank's production build,
// and against proxy mutants whose answers keep to the document while one promise of the bank is
// broken: each must be caught by its oracle alone. Reports (--json, --junit) and the coverage
// matrix are checked on the passing run.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeJwt, SignJWT } from "jose";
import { failures, runContract, startContractTarget, type ContractTarget } from "@/tests/support/contract-target";
import { errorAnswer, mutantProxy, type Mutation } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

const secret = crypto.randomBytes(48).toString("base64url");
let target: ContractTarget;
let work: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-oracles-"));
  target = await startContractTarget("oracles", { JWT_SECRET: secret });
});

afterAll(async () => {
  await target?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const oracles = (baseUrl: string, ...args: string[]) =>
  runContract(baseUrl, "--smtp-port", String(target.smtpPort), "--phases", "oracles", "--jwt-secret", secret, ...args);

/** The last token the mutant saw, for the mutants that hand it to requests that should fail. */
function stealing(rewrite: (authorization: string | null, last: string | null) => string | null): Mutation {
  let last: string | null = null;
  return {
    request: (x) => {
      const authorization = x.headers.get("authorization");
      const replaced = rewrite(authorization, last);
      if (authorization && replaced === authorization) last = authorization;
      if (replaced && replaced !== authorization) x.headers.set("authorization", replaced);
    },
  };
}

describe("npm run contract — domain oracles and the authorization matrix", () => {
  it("passes against Minibank, writing JUnit and JSON reports with the coverage matrix", async () => {
    const junit = path.join(work, "report.xml");
    const json = path.join(work, "report.json");
    const run = await oracles(target.server.url, "--junit", junit, "--json", json);
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
    for (const line of [
      "ok    oracle: a cross-currency transfer credits what the quoted rates say (within one minor unit)",
      "ok    oracle: e-mail identity is case-insensitive (lookup and sign-in)",
      "ok    oracle: history is newest first",
      "ok    oracle: history paging neither skips nor repeats",
      "ok    authorization GET /api/v1/transfers/wallet/{walletId}: no token 401, malformed 401, revoked 401, expired 401, another user's 403",
    ]) {
      expect(run.output).toContain(line);
    }
    expect(run.output).toMatch(/^coverage: \d+ of \d+ documented answers observed/m);
    expect(run.output).toMatch(/^ {2}POST \/api\/v1\/transfers: \+201, .*\+403 FORBIDDEN/m);
    const summary = /^(\d+) passed, 0 failed$/m.exec(run.output);
    const report = JSON.parse(fs.readFileSync(json, "utf8")) as { passed: number; failed: number; coverage: { observed: boolean }[] };
    expect(report.passed).toBe(Number(summary?.[1]));
    expect(report.failed).toBe(0);
    expect(report.coverage.some((row) => row.observed)).toBe(true);
    const xml = fs.readFileSync(junit, "utf8");
    expect(xml).toContain(`<testsuite name="npm run contract" tests="${report.passed}" failures="0" errors="0">`);
  });

  const mutants: [string, string, Mutation][] = [
    [
      "the dollar is quoted 5 % above the rate transfers use",
      "oracle: a cross-currency transfer credits what the quoted rates say",
      { answer: (x, a) => (x.pathname === "/api/v1/rates/USD" && a.status === 200 ? { ...a, body: { value: (a.body as { value: number }).value * 1.05 } } : undefined) },
    ],
    [
      "a lookup by e-mail is case-sensitive",
      "oracle: e-mail identity is case-insensitive",
      { request: (x) => (x.pathname.startsWith("/api/v1/users/email/") && /[A-Z]/.test(decodeURIComponent(x.pathname)) ? errorAnswer(404, "USER_NOT_FOUND") : undefined) },
    ],
    [
      "each history page is oldest first",
      "oracle: history is newest first",
      { answer: (x, a) => (x.pathname.startsWith("/api/v1/transfers/wallet/") && Array.isArray(a.body) ? { ...a, body: [...a.body].reverse() } : undefined) },
    ],
    [
      "the next page starts at the cursor, not after it",
      "oracle: history paging neither skips nor repeats",
      {
        request: (x) => {
          if (!x.pathname.startsWith("/api/v1/transfers/wallet/")) return;
          const query = new URLSearchParams(x.search);
          const cursor = query.get("cursor");
          if (cursor) query.set("cursor", String(Number(cursor) + 1));
          x.search = `?${query}`;
        },
      },
    ],
    [
      "another user's history is served as an empty list",
      "authorization GET /api/v1/transfers/wallet/{walletId}",
      { answer: (x, a) => (x.pathname.startsWith("/api/v1/transfers/wallet/") && a.status === 403 ? { ...a, status: 200, body: [] } : undefined) },
    ],
    ["signing out revokes nothing", "authorization", { request: (x) => (x.pathname === "/api/v1/auth/logout" ? { status: 200, headers: new Headers({ "content-type": "application/json" }), body: { ok: true } } : undefined) }],
    ["a malformed token is replaced by the last good one", "authorization", stealing((auth, last) => (auth === "Bearer not.a.token" ? last : auth))],
    [
      "an expired token is still honoured",
      "authorization",
      {
        // Re-signs an expired token with a fresh expiry (the mutant knows this server's secret).
        request: async (x) => {
          const token = x.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
          let claims: ReturnType<typeof decodeJwt>;
          try {
            claims = decodeJwt(token);
          } catch {
            return;
          }
          if (!claims.exp || claims.exp * 1000 > Date.now()) return;
          const fresh = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })
            .setProtectedHeader({ alg: "HS256", typ: "JWT" })
            .sign(new TextEncoder().encode(secret));
          x.headers.set("authorization", `Bearer ${fresh}`);
        },
      },
    ],
  ];

  it.each(mutants)("catches a server where %s, by '%s' alone", async (_what, check, mutation) => {
    const proxy = await mutantProxy(target.server.url, mutation);
    try {
      const run = await oracles(proxy.url, "--seed", "7");
      expect(run.code).toBe(1);
      const failed = failures(run.output);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.filter((line) => !line.startsWith(`FAIL  ${check}`))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
