/**
 * The tail of SQLite transfers, measured from outside: the production build (`npm start`) on a
 * SQLite database (fresh unless TAIL_HISTORY), notices on by e-mail to a local SMTP server, keyed
 * transfers between random customers at 64 connections, interleaved with the bare Next.js route
 * (bench/bare) so that the machine's own load shows on both. Prints p50/p90/p99/max and the p99 ratio per round.
 *   TAIL_ROUNDS (3), TAIL_SECONDS (8), TAIL_USERS (1,000), BENCH_CUSTOMERS (100), BENCH_CONNECTIONS (64);
 *   TAIL_HISTORY (0): a history of that many transfers generated first (bench/support/history.ts);
 *   TAIL_TEMPLATE: a file the prepared database is copied to, and copied from when it exists, so
 *   that runs after the first skip the seeding and the history.
 *   TAIL_DATABASE_URL: a PostgreSQL database to serve instead, prepared the same way when it holds
 *   no users yet and kept afterwards (drop it by hand), so that runs after the first reuse it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createDb } from "@/lib/server/db";
import { serveBare } from "./support/bare";
import { appEndpoints, bareEndpoint, mintTokens, TRANSFERS } from "./support/endpoints";
import type { Endpoint } from "./support/load";
import { drain } from "./support/load";
import { JWT_SECRET, prepareDatabase, startInstances, type Setup } from "./support/setups";
import { startSink } from "./support/smtp";

const ROUNDS = Number(process.env.TAIL_ROUNDS ?? 3);
const SECONDS = Number(process.env.TAIL_SECONDS ?? 8);
const USERS = Number(process.env.TAIL_USERS ?? 1_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_PORT ?? 4306);
const HISTORY = Number(process.env.TAIL_HISTORY ?? 0);

type Figures = { reqPerSec: number; p50: number; p90: number; p99: number; max: number; non2xx: number; errors: number };

async function run(url: string, endpoint: Endpoint, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...endpoint.request() }) }],
  });
  const { latency } = result;
  return { reqPerSec: Math.round(result.requests.average), p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

const show = (name: string, f: Figures) =>
  `${name.padEnd(22)} ${String(f.reqPerSec).padStart(5)}/s  p50 ${f.p50} ms  p90 ${f.p90} ms  p99 ${f.p99} ms  max ${f.max} ms  non-2xx ${f.non2xx}  errors ${f.errors}`;

/** Whether a PostgreSQL database exists and was seeded. */
async function holdsUsers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "User"`);
    return Number(rows[0].n) > 0;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-tail-"));
  const distDir = process.env.TAIL_DIST_DIR ?? ".next-prod";
  const file = path.join(work, "tail.db");
  const postgres = process.env.TAIL_DATABASE_URL;
  const setup: Setup = { name: postgres ? "PostgreSQL tail" : "SQLite tail", databaseUrl: postgres ?? `file:${file}`, instances: 1, fresh: true, history: HISTORY };
  const template = postgres ? undefined : process.env.TAIL_TEMPLATE;
  if (postgres && (await holdsUsers(postgres))) {
    console.log(`  serving ${postgres} as it is`);
  } else if (template && fs.existsSync(template)) {
    fs.copyFileSync(template, file);
  } else {
    const db = createDb(setup.databaseUrl);
    await prepareDatabase(setup, db, USERS, CUSTOMERS);
    await db.$disconnect();
    if (template) fs.copyFileSync(file, template);
  }
  const endpoints = appEndpoints(await mintTokens(CUSTOMERS, JWT_SECRET));
  const transfers = endpoints.find((endpoint) => endpoint.name === TRANSFERS)!;
  const bare = await serveBare(PORT + 10);
  const sink = await startSink();
  const [server] = await startInstances(setup, { distDir, work, port: PORT, smtpUrl: sink.url });
  try {
    for (let r = 1; r <= ROUNDS; r += 1) {
      const b = await run(bare.url, bareEndpoint, SECONDS);
      await drain([bare.url], "/api/bare");
      const t = await run(server.url, transfers, SECONDS);
      await drain([server.url], "/api/health");
      console.log(`round ${r} (load ${os.loadavg().map((x) => x.toFixed(1)).join(" ")})`);
      console.log(`  ${show("bare", b)}`);
      console.log(`  ${show("transfers", t)}`);
      console.log(`  transfers ÷ bare: ${(t.reqPerSec / b.reqPerSec).toFixed(2)}; p99 ÷ bare p99: ${(t.p99 / b.p99).toFixed(1)}×`);
    }
  } finally {
    await server.stop();
    await bare.stop();
    console.log(`mails received: ${await sink.stop()}; server log: ${work}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
