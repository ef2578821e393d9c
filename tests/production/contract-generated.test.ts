// `npm run contract`'s generated runs against Minibank's production build, with a fixed seed, and
// against broken servers: one proxy mutant per check, each changing one behaviour while its answers
// keep to the document where the bug is behavioural. Each mutant must be caught by its check alone.
import { drivesTheClock } from "@/scripts/contract/clock-oracles";
import { failures, runContract, startContractTarget, type ContractTarget } from "@/tests/support/contract-target";
import { errorAnswer, mutantProxy, type Mutation } from "@/tests/support/mutant-proxy";

jest.setTimeout(300_000);

let target: ContractTarget;

beforeAll(async () => {
  target = await startContractTarget("generated");
});

afterAll(async () => {
  await target?.stop();
});

const generated = (baseUrl: string, ...args: string[]) =>
  runContract(baseUrl, "--smtp-port", String(target.smtpPort), "--phases", "generated", ...args);

/** The checks named by the report's failing lines ("FAIL  generated … : <check>"). */
const failedChecks = (output: string) => [...new Set(failures(output).map((line) => line.split(": ").at(-1)))].sort();

describe("npm run contract — generated runs", () => {
  it("passes against Minibank with a fixed seed, printing the seed, every operation covered", async () => {
    const run = await generated(target.server.url, "--seed", "20261124");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.output).toContain("seed 20261124 (repeat this run with --seed 20261124)");
    expect(run.output).toMatch(/ok {4}generated POST \/api\/v1\/transfers: \d+ valid and \d+ broken inputs/);
    expect(run.output).toMatch(/ok {4}unsupported methods on \/api\/v1\/wallet: 405 with Allow: GET/);
    const doc = (await (await fetch(`${target.server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, object> };
    // The demo's clock control moves the server's time: the clock phase alone calls it (the tester's own rule).
    const operations = Object.entries(doc.paths)
      .filter(([path]) => !drivesTheClock(path))
      .reduce((n, [, item]) => n + Object.keys(item).length, 0);
    expect(run.output.match(/^ok {4}generated /gm)?.length).toBe(operations);
  });

  it("passes with a random seed, and the same seed gives the same inputs", async () => {
    const run = await generated(target.server.url, "--max-examples", "10", "--operation", "POST /api/v1/wallet/topup");
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toMatch(/^seed \d+ \(repeat this run with --seed \d+\)$/m);
  });

  const mutants: [string, string, Mutation, string[]][] = [
    [
      "a transfer of an odd amount fails with 500",
      "not_a_server_error",
      {
        // The crash comes after authentication: a caller without a token still gets 401.
        answer: (x, a) =>
          x.pathname === "/api/v1/transfers" && a.status !== 401 && ((x.body as { amount?: number })?.amount ?? 0) % 2 === 1 ? errorAnswer(500, "INTERNAL_ERROR") : undefined,
      },
      ["--operation", "POST /api/v1/transfers"],
    ],
    [
      "opening wallets answers 202 instead of 200",
      "status_code_conformance",
      { answer: (x, a) => (x.pathname === "/api/v1/wallet/init" && a.status === 200 ? { ...a, status: 202 } : undefined) },
      ["--operation", "POST /api/v1/wallet/init"],
    ],
    [
      "the profile is sent as text/plain",
      "content_type_conformance",
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/users/me" && a.status === 200 ? { ...a, headers: new Headers({ "content-type": "text/plain" }), body: JSON.stringify(a.body) } : undefined,
      },
      ["--operation", "GET /api/v1/users/me"],
    ],
    [
      "the history's next cursor is not a number",
      "response_headers_conformance",
      {
        answer: (x, a) => {
          if (!x.pathname.startsWith("/api/v1/transfers/wallet/") || a.status !== 200) return;
          const headers = new Headers(a.headers);
          headers.set("x-next-cursor", "next");
          return { ...a, headers };
        },
      },
      ["--operation", "GET /api/v1/transfers/wallet/{walletId}"],
    ],
    [
      "balances are sent as strings",
      "response_schema_conformance",
      {
        answer: (x, a) =>
          x.pathname === "/api/v1/wallet" && Array.isArray(a.body) ? { ...a, body: a.body.map((w: Record<string, unknown>) => ({ ...w, balance: String(w.balance) })) } : undefined,
      },
      ["--operation", "GET /api/v1/wallet"],
    ],
    [
      "a notification setting that is not a boolean is taken as one",
      "negative_data_rejection",
      {
        request: (x) => {
          if (!x.pathname.endsWith("/notifications") || typeof x.body !== "object" || x.body === null) return;
          const body = x.body as Record<string, unknown>;
          x.body = { ...body, enable: Boolean(body.enable) };
        },
      },
      ["--operation", "PUT /api/v1/users/{id}/notifications"],
    ],
    [
      "top-ups over 10 000,00 are refused as invalid (the limit read in rubles, not kopecks)",
      "positive_data_acceptance",
      { request: (x) => (x.pathname === "/api/v1/wallet/topup" && ((x.body as { amount?: number })?.amount ?? 0) > 1_000_000 ? errorAnswer(400, "VALIDATION_ERROR") : undefined) },
      ["--operation", "POST /api/v1/wallet/topup"],
    ],
    [
      "a method the path does not serve answers 404",
      "unsupported_method",
      { request: (x) => (x.pathname === "/api/v1/wallet" && x.method === "DELETE" ? errorAnswer(404, "NOT_FOUND") : undefined) },
      ["--operation", "GET /api/v1/wallet"],
    ],
    [
      "a request without a token is served with the last token seen",
      "ignored_auth",
      (() => {
        let last: string | null = null;
        return {
          request: (x) => {
            if (!x.pathname.startsWith("/api/v1/rates/")) return;
            if (x.headers.get("authorization")) last = x.headers.get("authorization");
            else if (last) x.headers.set("authorization", last);
          },
        };
      })(),
      ["--operation", "GET /api/v1/rates/{currency}"],
    ],
    [
      "a header the document requires is ignored",
      "missing_required_header",
      {
        answer: (x, a) => {
          if (x.pathname !== "/api/v1/openapi.json") return;
          // This server's document requires Idempotency-Key on transfers; the server does not.
          const doc = a.body as { paths: Record<string, Record<string, { parameters?: { name: string; required?: boolean }[] }>> };
          for (const p of doc.paths["/api/v1/transfers"].post.parameters ?? []) if (p.name === "Idempotency-Key") p.required = true;
          return a;
        },
      },
      ["--operation", "POST /api/v1/transfers"],
    ],
  ];

  it.each(mutants)("catches a server where %s, by %s alone", async (_what, check, mutation, args) => {
    const proxy = await mutantProxy(target.server.url, mutation);
    try {
      const run = await generated(proxy.url, "--seed", "7", ...args);
      expect(run.code).toBe(1);
      expect(failedChecks(run.output)).toEqual([check]);
      expect(run.output).toMatch(/curl -i -X [A-Z]+ 'http:\/\/127\.0\.0\.1:\d+\/api\//);
    } finally {
      await proxy.close();
    }
  });

  it("the boundary phase passes against Minibank: every bound of every input sent exactly and one past it", async () => {
    const run = await runContract(target.server.url, "--smtp-port", String(target.smtpPort), "--phases", "boundaries", "--seed", "7");
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toMatch(/^ok {4}boundaries POST \/api\/v1\/wallet\/topup: \d+ edges, each bound and one past it$/m);
    expect(run.output).toMatch(/^ok {4}boundaries GET \/api\/v1\/transfers\/wallet\/\{walletId\}: \d+ edges/m);
    expect(run.code).toBe(0);
  });

  const boundaryMutants: [string, string, Mutation][] = [
    [
      "a top-up of exactly the per-top-up cap is refused as invalid (the bound read as exclusive)",
      "boundaries POST /api/v1/wallet/topup",
      { request: (x) => (x.pathname === "/api/v1/wallet/topup" && (x.body as { amount?: number })?.amount === 100_000_000 ? errorAnswer(400, "VALIDATION_ERROR") : undefined) },
    ],
    [
      "an Idempotency-Key longer than 128 characters is cut to 128 and taken",
      "boundaries POST /api/v1/",
      {
        request: (x) => {
          const key = x.headers.get("idempotency-key");
          if (key && key.length > 128) x.headers.set("idempotency-key", key.slice(0, 128));
        },
      },
    ],
  ];

  it.each(boundaryMutants)("the boundary phase catches a server where %s", async (_what, line, mutation) => {
    const proxy = await mutantProxy(target.server.url, mutation);
    try {
      const run = await runContract(proxy.url, "--smtp-port", String(target.smtpPort), "--phases", "boundaries", "--seed", "7");
      expect(run.code).toBe(1);
      const failed = failures(run.output);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.filter((l) => !l.startsWith(`FAIL  ${line}`))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
