/**
 * API throughput benchmark (`npm run bench`; never part of `npm test`). First measures the
 * reference: a bare Next.js route (bench/bare) built and served in the same run. Then, for each
 * set-up — SQLite ×1, PostgreSQL ×1, PostgreSQL ×2 (two instances on one database, the load split
 * between them) — starts the production build on a database of 10,000 users with balances and
 * drives four endpoints with autocannon at 64 connections (5 s warm-up, then 20 s measured), each
 * request as a random user with that user's own token. Prints req/s, p50 and p99, req/s as a
 * ratio of the bare route's and the bare route's p99 beside each p99, checks the ledger invariants
 * afterwards, and writes bench/results/<date>.json.
 *   BENCH_USERS, BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_WARMUP: override the defaults;
 *   BENCH_SETUPS=sqlite,postgresql×2: a subset of the set-ups;
 *   BENCH_POSTGRES_URL: the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/postgres;
 *   the bench creates its own database there).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SignJWT } from "jose";
import { createDb } from "@/lib/server/db";
import { CURRENCIES } from "@/lib/shared/money";
import { ensureBuild, startServer } from "@/scripts/app-server";
import { dropPostgresDatabase, migrate, postgresDatabaseUrl } from "@/scripts/lib/database";
import { checkInvariants } from "@/tests/support/ledger";
import { serveBare } from "./support/bare";
import { seedBench, userId, walletId } from "./support/seed";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3206);
const JWT_SECRET = "bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const RESULTS = path.resolve(__dirname, "results");

type Endpoint = {
  name: string;
  /** Counted as deliberate (not a failure) when the endpoint may refuse by design. */
  allowed?: number[];
  request: () => autocannon.Request;
};

type Row = Measured & {
  setup: string;
  endpoint: string;
  /** req/s as a share of the bare route's. */
  ratio: number;
  /** The bare route's p99 at the same concurrency, to read p99 against. */
  bareP99: number;
  unexpected: number;
};

const ORDER = [
  "GET /api/health",
  "GET /api/v1/wallet",
  "GET /api/v1/transfers/wallet/{id}",
  "POST /api/v1/transfers",
];

const randomIndex = (n: number) => crypto.randomInt(n);

async function mintTokens(): Promise<string[]> {
  const secret = new TextEncoder().encode(JWT_SECRET);
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    tokens.push(
      // A session id of its own (no refresh token behind it: a session nobody revoked).
      await new SignJWT({ sid: `bench-${i}` })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(userId(i)))
        .setIssuedAt()
        .setExpirationTime("2h")
        .sign(secret),
    );
  }
  return tokens;
}

function endpoints(tokens: string[]): Endpoint[] {
  const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
  return [
    { name: "GET /api/health", request: () => ({ method: "GET", path: "/api/health" }) },
    {
      name: "GET /api/v1/wallet",
      request: () => ({ method: "GET", path: "/api/v1/wallet", headers: auth(randomIndex(USERS)) }),
    },
    {
      name: "GET /api/v1/transfers/wallet/{id}",
      request: () => {
        const i = randomIndex(USERS);
        const wallet = walletId(i, randomIndex(CURRENCIES.length));
        return { method: "GET", path: `/api/v1/transfers/wallet/${wallet}`, headers: auth(i) };
      },
    },
    {
      name: "POST /api/v1/transfers",
      // A sender can run dry only if the random walk drains it; such refusals are by design.
      allowed: [422],
      request: () => {
        const sender = randomIndex(USERS);
        let receiver = randomIndex(USERS - 1);
        if (receiver >= sender) receiver += 1;
        const from = randomIndex(CURRENCIES.length);
        // One transfer in five converts between currencies (two more legs through the bank).
        const to = randomIndex(5) === 0 ? (from + 1) % CURRENCIES.length : from;
        return {
          method: "POST",
          path: "/api/v1/transfers",
          headers: {
            ...auth(sender),
            "content-type": "application/json",
            "idempotency-key": crypto.randomUUID(),
          },
          body: JSON.stringify({
            senderWalletId: walletId(sender, from),
            receiverWalletId: walletId(receiver, to),
            // At least 1.00: a few kopecks converted to dollars round down to nothing, which
            // the API refuses (400) by design — not what this load is meant to measure.
            amount: 100 + randomIndex(10_000),
          }),
        };
      },
    },
  ];
}

/** Load on one server, or split over several (each gets its share of the connections). */
async function run(urls: string[], endpoint: Endpoint, duration: number): Promise<Measured> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.ceil(CONNECTIONS / urls.length),
        duration,
        requests: [{ setupRequest: (req) => ({ ...req, ...endpoint.request() }) }],
      }),
    ),
  );
  const statusCodes: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
      statusCodes[code] = (statusCodes[code] ?? 0) + Number((stat as { count: number | string }).count);
    }
  }
  const sum = (pick: (r: autocannon.Result) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    reqPerSec: Math.round(sum((r) => r.requests.average)),
    // Over several instances: the slower instance's figure (a client meets either).
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    requests: sum((r) => r.requests.total),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    statusCodes,
  };
}

type Measured = {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};

/** Requests the client gave up on may still be queued in the server: wait until it is idle. */
async function drain(urls: string[]) {
  for (const url of urls) {
    for (let i = 0; i < 60; i += 1) {
      const started = performance.now();
      await fetch(`${url}/api/health`);
      if (performance.now() - started < 20) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function toRow(setup: string, endpoint: Endpoint, measured: Measured, bare: Measured): Row {
  const unexpected = Object.entries(measured.statusCodes)
    .filter(([code]) => !code.startsWith("2") && !(endpoint.allowed ?? []).includes(Number(code)))
    .reduce((sum, [, count]) => sum + count, 0);
  const ratio = Math.round((measured.reqPerSec / bare.reqPerSec) * 100) / 100;
  return { setup, endpoint: endpoint.name, ...measured, ratio, bareP99: bare.p99, unexpected };
}

function printTable(rows: Row[]) {
  const head = ["setup", "endpoint", "req/s", "p50 ms", "p99 ms", "× bare", "bare p99", "non-2xx", "errors"];
  const lines = rows.map((r) => [
    r.setup,
    r.endpoint,
    String(r.reqPerSec),
    String(r.p50),
    String(r.p99),
    r.ratio.toFixed(2),
    String(r.bareP99),
    r.non2xx ? `${r.non2xx} (${JSON.stringify(r.statusCodes)})` : "0",
    String(r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
}

/** The targets, on SQLite, as ratios of the bare route; PostgreSQL is reported as measured. */
const TARGETS: Record<string, number> = {
  "GET /api/health": 0.9,
  "GET /api/v1/wallet": 0.8,
  "GET /api/v1/transfers/wallet/{id}": 0.75,
  "POST /api/v1/transfers": 0.65,
};

function verdicts(rows: Row[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const target = TARGETS[row.endpoint];
    if (row.setup === "SQLite ×1" && target && row.ratio < target) {
      problems.push(`${row.setup} ${row.endpoint}: ${row.ratio} of the bare route < ${target}`);
    }
    if (row.unexpected || row.errors) {
      problems.push(`${row.setup} ${row.endpoint}: ${row.unexpected} unexpected non-2xx, ${row.errors} errors`);
    }
  }
  return problems;
}

type Setup = { name: string; databaseUrl: string; instances: number; fresh: boolean };

function setups(work: string): Setup[] {
  const server = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const postgres = postgresDatabaseUrl(server, `minibank_bench_${Date.now().toString(36)}`);
  const all = [
    { name: "SQLite ×1", databaseUrl: `file:${path.join(work, "bench.db")}`, instances: 1, fresh: true },
    { name: "PostgreSQL ×1", databaseUrl: postgres, instances: 1, fresh: true },
    // The same database again, served by two instances (load split between them).
    { name: "PostgreSQL ×2", databaseUrl: postgres, instances: 2, fresh: false },
  ];
  const only = process.env.BENCH_SETUPS?.toLowerCase().split(",");
  return all.filter((setup) => !only || only.some((word) => setup.name.toLowerCase().replace(/\s/g, "").includes(word)));
}

function serverEnv(work: string, databaseUrl: string, port: number) {
  return {
    DATABASE_URL: databaseUrl,
    MINIBANK_DATA_DIR: work,
    MINIBANK_DEMO: undefined,
    JWT_SECRET,
    TELEGRAM_BOT_TOKEN: "7000000001:bench_bot_token_not_used_for_anything",
    // Required in production; the benchmark sends no mail.
    SMTP_URL: "smtp://127.0.0.1:2525",
    SMTP_FROM: "Minibank <bench@minibank.local>",
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
    // The benchmark seeds its own rates and must not leave the machine.
    RATES_SOURCE_URL: "off",
    TON_WALLETS_LIST_URL: "bundled",
  };
}

/** The PostgreSQL database the bench created (the SQLite file goes with its folder). */
async function dropBenchDatabases(list: Setup[]) {
  for (const url of new Set(list.map((setup) => setup.databaseUrl).filter((u) => u.startsWith("postgres")))) {
    await dropPostgresDatabase(url);
  }
}

async function measure(urls: string[], endpoint: Endpoint): Promise<Measured> {
  process.stdout.write(`  ${endpoint.name}: warm-up ${WARMUP} s, measure ${SECONDS} s… `);
  await run(urls, endpoint, WARMUP);
  const measured = await run(urls, endpoint, SECONDS);
  console.log(`${measured.reqPerSec} req/s`);
  await drain(urls);
  return measured;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-bench-"));
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-bench", fresh: true, log: console.log });
  const tokens = await mintTokens();
  const list = endpoints(tokens);
  // Reads of history run after the transfers, so histories are not one row long.
  const order = [list[0], list[1], list[3], list[2]];

  console.log("bare Next.js route (bench/bare): building and serving…");
  const bareServer = await serveBare(PORT + 10);
  const bareEndpoint: Endpoint = { name: "GET /api/bare", request: () => ({ method: "GET", path: "/api/bare" }) };
  const bare = await measure([bareServer.url], bareEndpoint);
  await bareServer.stop();

  const plan = setups(work);
  const rows: Row[] = [];
  const ledgers: Record<string, { transfers: number; invariants: string[] }> = {};
  for (const setup of plan) {
    console.log(`${setup.name}: ${setup.databaseUrl}`);
    const db = createDb(setup.databaseUrl);
    if (setup.fresh) {
      await migrate(setup.databaseUrl);
      const seedStart = performance.now();
      await seedBench(db, { users: USERS, balance: 100_000_000n }, setup.databaseUrl.startsWith("postgres"));
      console.log(`  seeded ${USERS} users in ${Math.round(performance.now() - seedStart)} ms`);
    }
    const servers = [];
    for (let i = 0; i < setup.instances; i += 1) {
      const port = PORT + i;
      servers.push(
        await startServer({ distDir, port, logFile: path.join(work, `server-${i}.log`), env: serverEnv(work, setup.databaseUrl, port) }),
      );
    }
    const urls = servers.map((server) => server.url);
    try {
      for (const endpoint of order) rows.push(toRow(setup.name, endpoint, await measure(urls, endpoint), bare));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    const invariants = await checkInvariants(db).then(
      () => [] as string[],
      (error: Error) => [error.message],
    );
    ledgers[setup.name] = { transfers: await db.transfer.count({ where: { kind: "transfer" } }), invariants };
    await db.$disconnect();
  }
  await dropBenchDatabases(plan);
  rows.sort((a, b) => a.setup.localeCompare(b.setup) || ORDER.indexOf(a.endpoint) - ORDER.indexOf(b.endpoint));

  console.log(`\nbare Next.js route: ${bare.reqPerSec} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms\n`);
  printTable(rows);
  for (const [name, ledger] of Object.entries(ledgers)) {
    console.log(`${name}: ${ledger.transfers} transfers; ledger invariants ${ledger.invariants.length ? "BROKEN" : "hold"}`);
    if (ledger.invariants.length) console.log(ledger.invariants.join("\n"));
  }
  const problems = verdicts(rows);
  console.log(problems.length ? `\nbelow target:\n  ${problems.join("\n  ")}` : "\nall targets met");

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}.json`);
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version };
  const settings = { users: USERS, connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, bare, rows, ledgers, belowTarget: problems }, null, 2)}\n`,
  );
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  fs.rmSync(work, { recursive: true, force: true });
  if (Object.values(ledgers).some((ledger) => ledger.invariants.length)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
