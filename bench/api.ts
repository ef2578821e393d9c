/**
 * API throughput benchmark (`npm run bench`; never part of `npm test`). For each set-up — SQLite ×1,
 * PostgreSQL ×1, PostgreSQL ×2 (two instances on one database, the load split between them) — it
 * starts the production build on a database of 10,000 users with balances and measures, in
 * several short interleaved rounds (bench/support/rounds.ts), one subject after the other:
 *   - the reference: a bare Next.js route (bench/bare), built once and served by its own process
 *     for the whole run, measured while the app is idle;
 *   - five endpoints, driven by autocannon at 64 connections, each request as a random user with
 *     that user's own token: `GET /api/health`, `GET /api/v1/wallet`, `POST /api/v1/transfers`
 *     (always same-currency), `POST /api/v1/transfers` cross-currency (always converting: the
 *     receiving wallet's currency differs from the sender's), `GET /api/v1/transfers/wallet/{id}`;
 *   - on PostgreSQL, the database's own limit: the one-statement transfer through `pg` on the same
 *     server (bench/support/pg-limit.ts).
 * A figure is the median over rounds of the per-round ratio to the reference (and, for transfers,
 * to the same-currency transfers and to the database's limit), printed with its min–max spread,
 * median p50/p99 and the reference's p99. The ledger invariants are checked after each set-up,
 * the targets printed as met / not met (a miss does not fail the run), and everything written to
 * bench/results/<date>.json.
 *   BENCH_USERS, BENCH_CONNECTIONS: load (10,000 users, 64 connections);
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_WARMUP: 5 rounds; each subject in each round measured for
 *   5 s after a 2 s warm-up;
 *   BENCH_SETUPS=sqlite,postgresql×2: a subset of the set-ups;
 *   BENCH_SCENARIOS=api,outbox (the default): which scenarios run; `outbox` is bench/outbox.ts;
 *   BENCH_POSTGRES_URL: the PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/postgres;
 *   the bench creates its own databases there and drops them).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@/lib/server/db";
import { ensureBuild } from "@/scripts/app-server";
import { checkInvariants } from "@/tests/support/ledger";
import { serveBare, type Bare } from "./support/bare";
import { appEndpoints, bareEndpoint, mintTokens } from "./support/endpoints";
import { drain, load, type Endpoint, type Measured } from "./support/load";
import { openPgLimit, PG_LIMIT_CLIENTS, type PgLimit } from "./support/pg-limit";
import { failures, printTable, printVerdicts, verdicts } from "./support/report";
import { summarise, summarisePgLimit, type Figure, type PgLimitFigure, type Round } from "./support/rounds";
import { dropBenchDatabases, isPostgres, JWT_SECRET, prepareDatabase, setups, startInstances, type Setup } from "./support/setups";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3206);
const POSTGRES_SERVER = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? "api,outbox").split(",").map((word) => word.trim().toLowerCase());
const RESULTS = path.resolve(__dirname, "results");

type Ledger = { transfers: number; invariants: string[] };
type SetupResult = { figures: Figure[]; pgLimit?: PgLimitFigure; ledger: Ledger; rounds: Round[] };
type ApiResults = { setups: Record<string, SetupResult>; pgLimitProblems: string[] };

/** One subject in one round: warm-up, measure, then wait until the servers are idle again. */
async function measure(urls: string[], endpoint: Endpoint, probe: string): Promise<Measured> {
  if (WARMUP > 0) await load(urls, endpoint, CONNECTIONS, WARMUP);
  const measured = await load(urls, endpoint, CONNECTIONS, SECONDS);
  await drain(urls, probe);
  return measured;
}

type Context = { distDir: string; work: string; bare: Bare; endpoints: Endpoint[]; pgLimit: () => Promise<PgLimit> };

async function benchSetup(setup: Setup, context: Context): Promise<SetupResult> {
  console.log(`${setup.name}: ${setup.databaseUrl}`);
  const db = createDb(setup.databaseUrl);
  try {
    await prepareDatabase(setup, db, USERS);
    const limit = isPostgres(setup.databaseUrl) ? await context.pgLimit() : undefined;
    const servers = await startInstances(setup, context.distDir, context.work, PORT);
    const urls = servers.map((server) => server.url);
    const rounds: Round[] = [];
    try {
      for (let r = 1; r <= ROUNDS; r += 1) {
        // The reference, then each subject, one after the other: nothing else is loaded meanwhile.
        const bare = await measure([context.bare.url], bareEndpoint, "/api/bare");
        const line = [`  round ${r}/${ROUNDS}: bare ${bare.reqPerSec}`];
        const round: Round = { bare, endpoints: {} };
        for (const endpoint of context.endpoints) {
          const measured = await measure(urls, endpoint, "/api/health");
          round.endpoints[endpoint.name] = measured;
          line.push(`${endpoint.name} ${measured.reqPerSec}`);
        }
        if (limit) {
          round.pgLimit = await limit.measure(SECONDS, WARMUP);
          line.push(`pg limit ${round.pgLimit.transfersPerSec}`);
        }
        rounds.push(round);
        console.log(`${line.join("; ")} (req/s)`);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    const invariants = await checkInvariants(db).then(
      () => [] as string[],
      (error: Error) => [error.message],
    );
    const ledger = { transfers: await db.transfer.count({ where: { kind: "transfer" } }), invariants };
    return { figures: summarise(setup.name, context.endpoints, rounds), pgLimit: summarisePgLimit(rounds), ledger, rounds };
  } finally {
    await db.$disconnect();
  }
}

async function benchApi(work: string): Promise<ApiResults> {
  const distDir = await ensureBuild({ mode: "production", distDir: ".next-bench", fresh: true, log: console.log });
  const endpoints = appEndpoints(await mintTokens(USERS, JWT_SECRET));
  console.log("bare Next.js route (bench/bare): building and serving…");
  const bare = await serveBare(PORT + 10);
  const plan = setups(work, POSTGRES_SERVER, process.env.BENCH_SETUPS);
  // One benchmark database for the database's limit, opened by the first PostgreSQL set-up.
  let opened: Promise<PgLimit> | undefined;
  const pgLimit = () => (opened ??= openPgLimit(POSTGRES_SERVER, USERS));
  const results: ApiResults = { setups: {}, pgLimitProblems: [] };
  try {
    for (const setup of plan) results.setups[setup.name] = await benchSetup(setup, { distDir, work, bare, endpoints, pgLimit });
  } finally {
    await bare.stop();
    await dropBenchDatabases(plan);
    if (opened) {
      const closed = await (await opened).close();
      results.pgLimitProblems = closed.problems;
    }
  }
  return results;
}

function printApi(results: ApiResults) {
  const figures = Object.values(results.setups).flatMap((setup) => setup.figures);
  console.log(`\n${ROUNDS} rounds × ${SECONDS} s per subject (after ${WARMUP} s warm-up); medians over rounds, spread = min–max of the per-round ratios\n`);
  printTable(figures, Object.fromEntries(Object.entries(results.setups).map(([name, setup]) => [name, setup.pgLimit])));
  for (const [name, setup] of Object.entries(results.setups)) {
    const { transfers, invariants } = setup.ledger;
    console.log(`${name}: ${transfers} transfers; ledger invariants ${invariants.length ? "BROKEN" : "hold"}`);
    if (invariants.length) console.log(invariants.join("\n"));
  }
  if (results.pgLimitProblems.length) console.log(`pg limit database: ${results.pgLimitProblems.join("; ")}`);
  const targets = verdicts(figures);
  printVerdicts(targets);
  const failed = failures(figures);
  if (failed.length) console.log(`\nfailed requests:\n  ${failed.join("\n  ")}`);
  return { verdicts: targets, failures: failed };
}

/**
 * The outbox scenario lives in bench/outbox.ts (`benchOutbox(): Promise<unknown>`), which a
 * checkout may not have yet: it is imported by a specifier TypeScript does not resolve, so this
 * file compiles with or without it, and typed only as far as it is used here.
 */
async function runOutbox(): Promise<unknown> {
  if (!fs.existsSync(path.join(__dirname, "outbox.ts"))) {
    console.log("\noutbox: bench/outbox.ts is not there; skipped");
    return undefined;
  }
  const specifier: string = "./outbox";
  const outbox = (await import(specifier)) as { benchOutbox?: () => Promise<unknown> };
  if (typeof outbox.benchOutbox !== "function") throw new Error("bench/outbox.ts exports no benchOutbox()");
  console.log("\noutbox scenario (bench/outbox.ts)…");
  return outbox.benchOutbox();
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-bench-"));
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version };
  const settings = {
    users: USERS,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    seconds: SECONDS,
    warmup: WARMUP,
    pgLimitClients: PG_LIMIT_CLIENTS,
    scenarios: SCENARIOS,
  };
  const written: Record<string, unknown> = { date: new Date().toISOString(), machine, settings };
  let broken = false;
  try {
    if (SCENARIOS.includes("api")) {
      const api = await benchApi(work);
      Object.assign(written, { setups: api.setups, pgLimitProblems: api.pgLimitProblems }, printApi(api));
      broken = Object.values(api.setups).some((setup) => setup.ledger.invariants.length) || api.pgLimitProblems.length > 0;
    }
    if (SCENARIOS.includes("outbox")) written.outbox = await runOutbox();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  if (broken) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
