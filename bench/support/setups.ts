/**
 * The set-ups `npm run bench` measures — SQLite ×1, PostgreSQL ×1, PostgreSQL ×2 (two instances
 * on the database PostgreSQL ×1 used, the load split between them) — and how each is prepared
 * and served.
 */
import path from "node:path";
import type { Db } from "@/lib/server/db";
import { startServer, type AppServer } from "@/scripts/app-server";
import { dropPostgresDatabase, migrate, postgresDatabaseUrl } from "@/scripts/lib/database";
import { seedBench } from "./seed";

export const SQLITE = "SQLite ×1";
export const POSTGRES_1 = "PostgreSQL ×1";
export const POSTGRES_2 = "PostgreSQL ×2";

export const JWT_SECRET = "bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export type Setup = { name: string; databaseUrl: string; instances: number; fresh: boolean };

export const isPostgres = (url: string) => url.startsWith("postgres");

/** All set-ups, or those BENCH_SETUPS names (e.g. `sqlite,postgresql×2`). */
export function setups(work: string, postgresServer: string, only?: string): Setup[] {
  const postgres = postgresDatabaseUrl(postgresServer, `minibank_bench_${Date.now().toString(36)}`);
  const all = [
    { name: SQLITE, databaseUrl: `file:${path.join(work, "bench.db")}`, instances: 1, fresh: true },
    { name: POSTGRES_1, databaseUrl: postgres, instances: 1, fresh: true },
    // The same database again, served by two instances (load split between them).
    { name: POSTGRES_2, databaseUrl: postgres, instances: 2, fresh: false },
  ];
  const words = only?.toLowerCase().split(",");
  return all.filter((setup) => !words || words.some((word) => setup.name.toLowerCase().replace(/\s/g, "").includes(word)));
}

/** A fresh set-up's database: migrated, then seeded with `users` users and their balances. */
export async function prepareDatabase(setup: Setup, db: Db, users: number): Promise<void> {
  if (!setup.fresh) return;
  await migrate(setup.databaseUrl);
  const started = performance.now();
  await seedBench(db, { users, balance: 100_000_000n }, isPostgres(setup.databaseUrl));
  console.log(`  seeded ${users} users in ${Math.round(performance.now() - started)} ms`);
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
    // A load of transfers from few senders, not a flood from one account.
    TRANSFER_LIMIT_PER_USER: "1000000",
    LOOKUP_LIMIT_PER_USER: "1000000",
    TOPUP_COUNT_DAILY_LIMIT: "1000000",
  };
}

/** The set-up's instances of the production build, on ports `port`, `port + 1`, … */
export async function startInstances(setup: Setup, distDir: string, work: string, port: number): Promise<AppServer[]> {
  const servers: AppServer[] = [];
  try {
    for (let i = 0; i < setup.instances; i += 1) {
      const env = serverEnv(work, setup.databaseUrl, port + i);
      servers.push(await startServer({ distDir, port: port + i, logFile: path.join(work, `server-${i}.log`), env }));
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  return servers;
}

/** The PostgreSQL database the bench created (the SQLite file goes with its folder). */
export async function dropBenchDatabases(list: Setup[]): Promise<void> {
  for (const url of new Set(list.map((setup) => setup.databaseUrl).filter(isPostgres))) {
    await dropPostgresDatabase(url);
  }
}
