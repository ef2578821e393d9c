import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { ensurePostgresDatabase, migrate, sqlitePath } from "./database";
import { run } from "./run";

/**
 * Backups of DATABASE_URL that a serving instance does not notice, and restores into an empty
 * database. SQLite: the online backup API (better-sqlite3's `backup`), which copies a consistent
 * snapshot page by page while writers go on. PostgreSQL: `pg_dump` in its custom format (one
 * consistent snapshot, no locks that stop writers), restored with `pg_restore`.
 */
const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** Fails with what to install when a PostgreSQL client tool is missing. */
function requireTool(tool: "pg_dump" | "pg_restore"): void {
  const probe = spawnSync(tool, ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `${tool} is not installed: install PostgreSQL's client tools of the server's major version or newer ` +
        "(Debian: apt-get install postgresql-client)",
    );
  }
}

/** Writes a consistent copy of the database at `url` to `file` (which must not exist yet). */
export async function backupDatabase(url: string, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (isPostgres(url)) {
    requireTool("pg_dump");
    await run("pg_dump", ["--format=custom", "--no-owner", "--file", file, url]);
    return;
  }
  const source = new Database(sqlitePath(url), { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

/** Whether the database at `url` holds no tables yet (or, for SQLite, does not exist). */
async function isEmpty(url: string): Promise<boolean> {
  if (!isPostgres(url)) {
    const file = sqlitePath(url);
    if (!fs.existsSync(file) || fs.statSync(file).size === 0) return true;
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n === 0;
    } finally {
      db.close();
    }
  }
  await ensurePostgresDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM pg_tables WHERE schemaname = 'public'");
    return Number(rows[0].n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` (a backup of the same kind of database) into the empty database at `url`, then
 * applies any migration newer than the backup. Refuses a database that holds tables.
 */
export async function restoreDatabase(url: string, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  if (!(await isEmpty(url))) throw new Error("the target database is not empty: restore into a new, empty database");
  if (isPostgres(url)) {
    requireTool("pg_restore");
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", url, file]);
  } else {
    const target = sqlitePath(url);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const backup = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(target);
    } finally {
      backup.close();
    }
  }
  await migrate(url);
}
