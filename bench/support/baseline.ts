/**
 * The baseline of `npm run bench` (BENCH_BASELINE_ROOT): another checkout of the app — e.g. the
 * main before a change — with its own node_modules and generated Prisma client, measured in the
 * same interleaved rounds as this one. It is served by its own scripts (scripts/app-server.ts of
 * that checkout: its production build in its `.next-bench`, built when missing and reused after,
 * started by its `npm start`) on its own databases, migrated by its own migrations and seeded and
 * given a history the same way as this checkout's: the same users, wallets and ids, so the same
 * tokens (signed with the same JWT secret, bench/support/setups.ts) and requests serve both.
 */
import fs from "node:fs";
import path from "node:path";
import type { ensureBuild, startServer } from "@/scripts/app-server";
import { postgresDatabaseUrl } from "@/scripts/lib/database";
import { run } from "@/scripts/lib/run";
import { isPostgres, type Setup } from "./setups";

export type Baseline = {
  root: string;
  distDir: string;
  /** The baseline checkout's own `startServer`. */
  start: typeof startServer;
  /** Migrates a database with the baseline checkout's migrations. */
  migrate: (url: string) => Promise<void>;
  /** Where its servers keep their data and logs (apart from this checkout's). */
  work: string;
};

const BUILD_DIR = ".next-bench";

/** Opens the checkout at `root`: its build (made when missing), its server start, its migrations. */
export async function openBaseline(root: string, work: string, log: (line: string) => void): Promise<Baseline> {
  const absolute = path.resolve(root);
  const appServer = path.join(absolute, "scripts", "app-server.ts");
  if (!fs.existsSync(appServer)) throw new Error(`BENCH_BASELINE_ROOT: ${absolute} is no checkout of the app (no scripts/app-server.ts)`);
  if (!fs.existsSync(path.join(absolute, "node_modules"))) throw new Error(`BENCH_BASELINE_ROOT: ${absolute} has no node_modules`);
  const other = (await import(appServer)) as { ensureBuild: typeof ensureBuild; startServer: typeof startServer };
  log(`baseline ${absolute}: its production build (${BUILD_DIR}, reused when there)…`);
  const distDir = await other.ensureBuild({ mode: "production", distDir: BUILD_DIR, log });
  const baselineWork = path.join(work, "baseline");
  fs.mkdirSync(baselineWork, { recursive: true });
  return { root: absolute, distDir, start: other.startServer, migrate: (url) => migrateIn(absolute, url), work: baselineWork };
}

/**
 * Migrations are read from the working directory (scripts/lib/database.ts), so the baseline's run
 * in a process of its own, started in its checkout.
 */
function migrateIn(root: string, url: string): Promise<void> {
  const database = JSON.stringify(path.join(root, "scripts", "lib", "database.ts"));
  const script = `require(${database}).migrate(process.env.DATABASE_URL).catch((e) => { console.error(e); process.exit(1); })`;
  return run(process.execPath, ["--import", "tsx", "--eval", script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
  });
}

/**
 * The baseline's twin of a set-up: the same load on a database of its own (a SQLite file in its
 * folder, or a PostgreSQL database beside this checkout's, named after it).
 */
export function baselineSetup(setup: Setup, baseline: Baseline): Setup {
  if (!isPostgres(setup.databaseUrl)) {
    return { ...setup, databaseUrl: `file:${path.join(baseline.work, path.basename(setup.databaseUrl.slice("file:".length)))}` };
  }
  const name = decodeURIComponent(new URL(setup.databaseUrl).pathname.slice(1));
  return { ...setup, databaseUrl: postgresDatabaseUrl(setup.databaseUrl, `${name}_baseline`) };
}
