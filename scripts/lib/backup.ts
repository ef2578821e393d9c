import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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

/**
 * Runs a PostgreSQL client tool on `url` without its password on the command line, where every
 * user of the machine could read it in the process list: the URL loses its password, which goes
 * to libpq through a password file readable by this user only (0600, in a 0700 directory of its
 * own, removed afterwards).
 */
async function runPgTool(tool: "pg_dump" | "pg_restore", args: (dbname: string) => string[], url: string): Promise<void> {
  requireTool(tool);
  const target = new URL(url);
  const password = decodeURIComponent(target.password) || target.searchParams.get("password") || "";
  if (!password) return run(tool, args(url));
  if (/[\r\n]/.test(password)) throw new Error("the PostgreSQL password holds a line break, which a password file cannot carry");
  target.password = "";
  target.searchParams.delete("password");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-pg-"));
  try {
    const passfile = path.join(dir, "pgpass");
    // Any host, port, database and user: this file serves this one call.
    fs.writeFileSync(passfile, `*:*:*:*:${password.replace(/[\\:]/g, "\\$&")}\n`, { mode: 0o600 });
    const env: NodeJS.ProcessEnv = { ...process.env, PGPASSFILE: passfile };
    // The URL's password outranked PGPASSWORD; PGPASSWORD would outrank the file.
    delete env.PGPASSWORD;
    await run(tool, args(target.toString()), { env });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An empty file for a backup, readable and writable by its owner only (0600: a backup holds every
 * account, balance and e-mail address). Created exclusively, so a backup never overwrites a file.
 */
function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    fs.closeSync(fs.openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new Error(`${file} already exists: a backup never overwrites a file`);
    throw error;
  }
  // Whatever the umask left of it.
  fs.chmodSync(file, 0o600);
}

/** Writes a consistent copy of the database at `url` to `file` (which must not exist yet), mode 0600. */
export async function backupDatabase(url: string, file: string): Promise<void> {
  createPrivateFile(file);
  try {
    if (isPostgres(url)) {
      await runPgTool("pg_dump", (dbname) => ["--format=custom", "--no-owner", "--file", file, dbname], url);
      return;
    }
    const source = new Database(sqlitePath(url), { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
  } catch (error) {
    // No half-written backup left behind to be mistaken for one (and to block the next try).
    fs.rmSync(file, { force: true });
    throw error;
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
    await runPgTool("pg_restore", (dbname) => ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", dbname, file], url);
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
