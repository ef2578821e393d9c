// `npm run contract` — the black-box contract suite — against Minibank's own production build
// under `npm start` (rates imported, mail over SMTP to the suite's own server, Telegram sign-in
// with the bot's token), and against a proxy in front of the same server that breaks one answer
// per case: the suite must report each breach by name and exit non-zero. The same build on
// PostgreSQL passes every phase too, and the differential run (`--diff`) holds the two against each
// other: alike over the seeds, and a difference planted on one side found and shrunk. Both servers
// mail to the one SMTP port the runs listen on (one run at a time).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { dropPostgresDatabase } from "@/scripts/lib/database";
import { failures, runContract, startContractTarget, TEST_SERVER_LIMITS, type ContractTarget } from "@/tests/support/contract-target";
import { mutantProxy, type Mutation } from "@/tests/support/mutant-proxy";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { postgresUrl } from "@/tests/support/postgres.mjs";

jest.setTimeout(300_000);

const databaseUrl = (postgresUrl as (name: string) => string)(`minibank_contract_${process.pid}_${Date.now().toString(36)}`);
let target: ContractTarget;
let postgres: ContractTarget;
let server: ContractTarget["server"];
let smtpPort: number;
let botToken: string;

/** The seeds the differential run compares the two databases over, 3 sequences each (about 15 s a seed). */
const DIFF_SEEDS = "1..5";

type Breakage = (pathname: string, method: string, status: number, body: unknown) => { status: number; body: unknown } | null;

/** A proxy to the server that rewrites the JSON answers `breakage` picks. */
async function brokenProxy(breakage: Breakage): Promise<{ url: string; close(): Promise<void> }> {
  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) headers.set(name, value);
    }
    const upstream = await fetch(`${server.url}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const text = await upstream.text();
    const pathname = new URL(req.url ?? "/", "http://proxy").pathname;
    let status = upstream.status;
    let out = text;
    if ((upstream.headers.get("content-type") ?? "").startsWith("application/json")) {
      const changed = breakage(pathname, req.method ?? "GET", status, JSON.parse(text));
      if (changed) {
        status = changed.status;
        out = JSON.stringify(changed.body);
      }
    }
    const copied: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name)) copied[name] = value;
    });
    res.writeHead(status, copied);
    res.end(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

beforeAll(async () => {
  target = await startContractTarget("contract");
  ({ server, smtpPort, botToken } = target);
  postgres = await startContractTarget("contract-pg", { DATABASE_URL: databaseUrl }, smtpPort);
});

afterAll(async () => {
  await target?.stop();
  await postgres?.stop();
  await dropPostgresDatabase(databaseUrl);
});

describe("npm run contract", () => {
  it("passes against Minibank's production build, every operation driven and checked", async () => {
    const run = await runContract(server.url, "--smtp-port", String(smtpPort), "--bot-token", botToken);
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
    const summary = /(\d+) passed, 0 failed/.exec(run.output);
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(60);
    for (const line of [
      "ok    POST /api/v1/transfers → 201: 100,00 ₽ to another user",
      "ok    POST /api/v1/transfers → 201: rubles to another user's dollars",
      "ok    POST /api/v1/auth/telegram/login → 200: init data signed with the bot's token signs in",
      "ok    GET /api/v1/users/telegram/{id} → 200: a Telegram user by Telegram id",
      "ok    GET /api/v1/transfers/wallet/{walletId} → 200: a page of one has a next cursor",
      "ok    GET /api/v1/transfers/{id} → 200: the receiver's receipt",
      "ok    GET /api/v1/transfers/recipients → 200: the last person paid leads the recent recipients",
      "ok    POST /api/v1/transfers → 201: a transfer with a message keeps it, trimmed",
      "ok    POST /api/v1/transfers → 400: a message with a line break",
      "ok    POST /api/v1/exchanges → 201: 0,01 $ got, exactly",
      "ok    POST /api/v1/exchanges → 403: an exchange from another user's wallet",
      "ok    POST /api/v1/requests/{token}/pay → 201: the link's holder pays it",
      "ok    POST /api/v1/requests/{token}/pay → 409: a paid request is not paid twice",
      "ok    POST /api/v1/requests/{token}/cancel → 404: someone else cannot cancel it",
      "ok    GET /api/v1/statements/wallet/{walletId} → 200: this month's totals add up",
      "ok    GET /api/v1/statements/wallet/{walletId} → 404: another user's statement",
      "ok    GET /api/v1/statements/csv → 200: the CSV file, without the bearer token",
      "ok    GET /api/v1/statements/pdf → 200: the PDF file, without the bearer token",
      "ok    GET /api/v1/statements/pdf → 404: a forged PDF link",
      "ok    POST /api/v1/share/prepared → 422: an e-mail user's own request is not sent as a Telegram message",
      "ok    POST /api/v1/share/prepared → 400: sharing something that is neither a receipt nor a request",
    ]) {
      expect(run.output).toContain(line);
    }
  });

  it("reports, check by check, a server that breaks the contract", async () => {
    const proxy = await brokenProxy((pathname, method, status, body) => {
      // A field of the wrong type: balances as strings.
      if (method === "GET" && pathname === "/api/v1/wallet" && Array.isArray(body)) {
        return { status, body: body.map((w: Record<string, unknown>) => ({ ...w, balance: String(w.balance) })) };
      }
      // A required field dropped: a created transfer without its id.
      if (method === "POST" && pathname === "/api/v1/transfers" && status === 201) {
        const rest = { ...(body as Record<string, unknown>) };
        delete rest.id;
        return { status, body: rest };
      }
      // A server error where an answer was due.
      if (pathname === "/api/v1/rates/EUR") return { status: 500, body: { message: "Внутренняя ошибка", code: "INTERNAL_ERROR" } };
      return null;
    });
    try {
      const run = await runContract(proxy.url, "--smtp-port", String(smtpPort), "--bot-token", botToken);
      expect(run.code).toBe(1);
      const failed = failures(run.output);
      expect(failed).toEqual(
        expect.arrayContaining([
          "FAIL  GET /api/v1/wallet → 200: own wallets: RUB, USD, EUR, CNY",
          "FAIL  POST /api/v1/transfers → 201: 100,00 ₽ to another user",
          "FAIL  GET /api/v1/rates/{currency} → 200: the ruble price of EUR",
        ]),
      );
      expect(run.output).toMatch(/\/0\/balance must be integer/);
      expect(run.output).toMatch(/must have required property 'id'/);
      expect(run.output).toMatch(/answered 500/);
      expect(run.output).toMatch(/\d+ passed, [1-9]\d* failed/);
    } finally {
      await proxy.close();
    }
  });

  it("serves the document and its readable reference (the settings' developer link) in production, from this origin only", async () => {
    expect((await fetch(`${server.url}/api/v1/openapi.json`)).status).toBe(200);
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('spec-url="/api/v1/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${server.url}/api/docs/redoc.standalone.js`);
    expect({ status: script.status, type: script.headers.get("content-type") }).toEqual({ status: 200, type: "text/javascript; charset=utf-8" });
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("refuses to run without a base URL (usage, exit code 2)", async () => {
    const run = await runContract("not-a-url");
    expect(run.code).toBe(2);
    expect(run.output).toContain("usage: npm run contract -- <base-url>");
  });
});

describe("npm run contract against Minibank on PostgreSQL", () => {
  it("passes every phase with a fixed seed", async () => {
    const run = await runContract(postgres.server.url, "--smtp-port", String(smtpPort), "--bot-token", postgres.botToken, "--seed", "1");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/^ok {4}stateful: /m);
    expect(run.output).toMatch(/^ok {4}oracle: history paging neither skips nor repeats$/m);
  }, 600_000);

  it("passes 20 seeds of the stateful runs, every documented refusal predicted", async () => {
    const run = await runContract(postgres.server.url, "--smtp-port", String(smtpPort), "--phases", "stateful", "--seeds", "1..20", "--sequences", "3", "--limits", TEST_SERVER_LIMITS);
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toContain("seeds 1..20: 20 run, failing: none");
    expect(run.output).toMatch(/^ {2}POST \/api\/v1\/transfers: .*\+400 INVALID_AMOUNT/m);
    expect(run.code).toBe(0);
  }, 600_000);

  it("passes the generated runs with a random seed", async () => {
    const run = await runContract(postgres.server.url, "--smtp-port", String(smtpPort), "--phases", "generated");
    expect(failures(run.output)).toEqual([]);
    expect(run.code).toBe(0);
  }, 600_000);
});

describe("npm run contract -- --diff: SQLite and PostgreSQL hold against each other", () => {
  const diff = (a: string, b: string, ...args: string[]) => runContract("--diff", a, b, "--smtp-port", String(smtpPort), ...args);

  it("finds no difference between the two databases over the seeds", async () => {
    const run = await diff(server.url, postgres.server.url, "--seeds", DIFF_SEEDS, "--sequences", "3");
    expect(failures(run.output)).toEqual([]);
    expect(run.output).toContain(`seeds ${DIFF_SEEDS}: `);
    expect(run.output).toMatch(/differing: none/);
    expect(run.code).toBe(0);
  });

  /** Whether a transfer's answer converted between currencies. */
  const crossCurrency = (body: unknown) => (body as { currency: string }).currency !== (body as { receivedCurrency: string }).receivedCurrency;
  const planted: [string, RegExp, Mutation][] = [
    [
      "a conversion credits one minor unit more",
      /^ {8}shrunk to 1 step after \d+ shrinks, differing the same way: amount at POST \/api\/v1\/transfers: body\.receivedAmount is \d+ on A, \d+ on B\n {8}steps:\n {10}1\. user \d sends /m,
      { answer: (x, a) => (x.pathname === "/api/v1/transfers" && a.status === 201 && crossCurrency(a.body) ? { ...a, body: { ...(a.body as object), receivedAmount: (a.body as { receivedAmount: number }).receivedAmount + 1 } } : undefined) },
    ],
    [
      "the list of wallets comes in reverse order",
      /^ {8}shrunk to 1 step after \d+ shrinks, differing the same way: \w+ at GET \/api\/v1\/wallet: body\[0\]\.\w+ is .*\n {8}steps:\n {10}1\. user \d /m,
      { answer: (x, a) => (x.pathname === "/api/v1/wallet" && x.method === "GET" && Array.isArray(a.body) ? { ...a, body: [...(a.body as unknown[])].reverse() } : undefined) },
    ],
  ];

  it.each(planted)("finds a difference planted on one side (%s), shrunk to the shortest sequence that shows it", async (_name, shrunk, mutation) => {
    const proxy = await mutantProxy(server.url, mutation);
    try {
      const run = await diff(proxy.url, postgres.server.url, "--seed", "1", "--sequences", "5");
      expect(run.code).toBe(1);
      expect(run.output).toMatch(/^FAIL {2}diff: seed 1, /m);
      expect(run.output).toMatch(shrunk);
      // The shortest sequence's script: both sides' requests from the sign-ins on.
      expect(run.output).toMatch(/^ {8}A:\n {10}# user 0 signs in by e-mail code as contract\.d0a\./m);
      expect(run.output).toMatch(/^ {10}curl -i -X POST '[^']+\/api\/v1\/wallet\/topup' /m);
    } finally {
      await proxy.close();
    }
  });

  it("refuses to run without two base URLs (usage, exit code 2)", async () => {
    const run = await runContract("--diff", server.url);
    expect(run.code).toBe(2);
    expect(run.output).toContain("npm run contract -- --diff <url-a> <url-b>");
  });
});
