/**
 * API throughput benchmark (`npm run bench`; never part of `npm test`). Builds the app, starts the
 * production server on a fresh database of 10,000 users with balances, and drives four endpoints
 * with autocannon at 64 connections (5 s warm-up, then 20 s measured), each request as a random
 * user with that user's own token. Prints req/s, p50, p99 and the ratio to /api/health, checks
 * the ledger invariants afterwards, and writes bench/results/<date>.json.
 *   BENCH_USERS, BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_WARMUP: override the defaults;
 *   BENCH_ONLY=transfers,wallet: a subset (health always runs: it is the baseline);
 *   BENCH_SEEDED_DB=<file>: start from a copy of an already seeded database.
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
import { migrate } from "@/scripts/lib/database";
import { checkInvariants } from "@/tests/support/ledger";
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

type Row = {
  endpoint: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  ratio: number;
  requests: number;
  non2xx: number;
  unexpected: number;
  errors: number;
  statusCodes: Record<string, number>;
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

function run(url: string, endpoint: Endpoint, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, ...endpoint.request() }) }],
  });
}

/** Requests the client gave up on may still be queued in the server: wait until it is idle. */
async function drain(url: string) {
  for (let i = 0; i < 60; i += 1) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    if (performance.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function summarize(endpoint: Endpoint, result: autocannon.Result, baseline: number): Row {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = Number((stat as { count: number | string }).count);
  }
  const unexpected = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith("2") && !(endpoint.allowed ?? []).includes(Number(code)))
    .reduce((sum, [, count]) => sum + count, 0);
  const reqPerSec = Math.round(result.requests.average);
  return {
    endpoint: endpoint.name,
    reqPerSec,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratio: baseline ? Math.round((reqPerSec / baseline) * 100) / 100 : 1,
    requests: result.requests.total,
    non2xx: result.non2xx,
    unexpected,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}

function printTable(rows: Row[]) {
  const head = ["endpoint", "req/s", "p50 ms", "p99 ms", "× health", "non-2xx", "errors"];
  const lines = rows.map((r) => [
    r.endpoint,
    String(r.reqPerSec),
    String(r.p50),
    String(r.p99),
    r.ratio.toFixed(2),
    r.non2xx ? `${r.non2xx} (${JSON.stringify(r.statusCodes)})` : "0",
    String(r.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
}

/** Targets the figures are read against (see the task this benchmark answers). */
function verdicts(rows: Row[]): string[] {
  const problems: string[] = [];
  for (const row of rows.slice(1)) {
    const target = row.endpoint.startsWith("POST") ? 0.6 : 0.8;
    if (row.ratio < target) problems.push(`${row.endpoint}: ${row.ratio} of /api/health < ${target}`);
  }
  for (const row of rows) {
    if (row.p99 > 100) problems.push(`${row.endpoint}: p99 ${row.p99} ms > 100 ms`);
    if (row.unexpected || row.errors) {
      problems.push(`${row.endpoint}: ${row.unexpected} unexpected non-2xx, ${row.errors} errors`);
    }
  }
  return problems;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-bench-"));
  const databaseUrl = `file:${path.join(work, "bench.db")}`;
  console.log(`database ${databaseUrl}`);
  const seeded = process.env.BENCH_SEEDED_DB;
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-bench", fresh: true, log: console.log });

  const db = createDb(databaseUrl);
  if (seeded) {
    // A copy of a database seeded earlier with the same BENCH_USERS (seeding takes ~40 s).
    fs.copyFileSync(seeded, databaseUrl.slice("file:".length));
  } else {
    await migrate(databaseUrl);
    const seedStart = performance.now();
    await seedBench(db, { users: USERS, balance: 100_000_000n });
    console.log(`seeded ${USERS} users in ${Math.round(performance.now() - seedStart)} ms`);
  }
  const tokens = await mintTokens();

  const logFile = path.join(work, "server.log");
  const server = await startServer({
    distDir,
    port: PORT,
    logFile,
    env: {
      DATABASE_URL: databaseUrl,
      MINIBANK_DATA_DIR: work,
      MINIBANK_DEMO: undefined,
      JWT_SECRET,
      TELEGRAM_BOT_TOKEN: "7000000001:bench_bot_token_not_used_for_anything",
      // Required in production; the benchmark sends no mail.
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMTP_FROM: "Minibank <bench@minibank.local>",
      APP_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "info",
      // The benchmark seeds its own rates and must not leave the machine.
      RATES_SOURCE_URL: "off",
      TON_WALLETS_LIST_URL: "bundled",
    },
  });

  const rows: Row[] = [];
  try {
    const list = endpoints(tokens);
    // Reads of history run after the transfers, so histories are not one row long.
    const only = process.env.BENCH_ONLY?.split(",");
    const order = [list[0], list[1], list[3], list[2]].filter(
      (e, i) => i === 0 || !only || only.some((word) => e.name.includes(word)),
    );
    for (const endpoint of order) {
      process.stdout.write(`${endpoint.name}: warm-up ${WARMUP} s, measure ${SECONDS} s… `);
      await run(server.url, endpoint, WARMUP);
      const result = await run(server.url, endpoint, SECONDS);
      const row = summarize(endpoint, result, rows[0]?.reqPerSec ?? 0);
      console.log(`${row.reqPerSec} req/s`);
      rows.push(row);
      await drain(server.url);
    }
  } finally {
    await server.stop();
  }
  rows.sort((a, b) => ORDER.indexOf(a.endpoint) - ORDER.indexOf(b.endpoint));

  const invariants = await checkInvariants(db).then(
    () => ({ ok: true, problems: [] as string[] }),
    (error: Error) => ({ ok: false, problems: [error.message] }),
  );
  const transfers = await db.transfer.count({ where: { kind: "transfer" } });
  await db.$disconnect();

  console.log();
  printTable(rows);
  console.log(`\ntransfers applied: ${transfers}; ledger invariants: ${invariants.ok ? "hold" : "BROKEN"}`);
  if (!invariants.ok) console.log(invariants.problems.join("\n"));
  const problems = verdicts(rows);
  console.log(problems.length ? `\nbelow target:\n  ${problems.join("\n  ")}` : "\nall targets met");

  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}.json`);
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version };
  const settings = { users: USERS, connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, transfers, invariants, belowTarget: problems }, null, 2)}\n`,
  );
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  fs.rmSync(work, { recursive: true, force: true });
  if (!invariants.ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
