/**
 * What the results file states about the databases a run measured: PostgreSQL's own settings as
 * the server reports them (a run refuses a server that does not flush its commits — its figures
 * would not be a deployment's), the SQLite settings the app's connection applies, and how busy
 * the machine was (it is shared).
 */
import os from "node:os";
import pg from "pg";
import { SQLITE_PRAGMAS } from "@/lib/server/db/sqlite";
import { databasePoolSize } from "@/lib/server/platform/env";

const SETTINGS = ["server_version", "fsync", "synchronous_commit", "full_page_writes", "wal_sync_method", "commit_delay", "shared_buffers", "max_connections"];

export type PostgresSettings = Record<string, string>;

/** The server's settings; throws unless commits are flushed to disk (fsync and synchronous_commit on). */
export async function postgresSettings(serverUrl: string, allowNonDurable = false): Promise<PostgresSettings> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      "SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)",
      [SETTINGS],
    );
    const settings = Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} × ${r.unit}` : r.setting]));
    const durable = settings.fsync === "on" && settings.synchronous_commit !== "off";
    if (!durable && !allowNonDurable) {
      throw new Error(
        `PostgreSQL at ${serverUrl} does not flush its commits (fsync ${settings.fsync}, synchronous_commit ${settings.synchronous_commit}): ` +
          "its figures would not be a deployment's (BENCH_ALLOW_NON_DURABLE=1 to measure it anyway)",
      );
    }
    return settings;
  } finally {
    await client.end();
  }
}

export function sqliteSettings(): { pragmas: string[]; note: string } {
  return {
    pragmas: SQLITE_PRAGMAS.split(";\n"),
    note:
      "the app's own connection (lib/server/db/sqlite.ts) as `npm start` opens it, wal_autocheckpoint = 0 with a PASSIVE checkpoint every 200 ms on a thread of its own (lib/server/db/sqlite-checkpoint.ts); the file on the machine's disk",
  };
}

export const poolSize = () => databasePoolSize();

/** 1-minute load average of the machine and its cores (the machine is shared with other work). */
export const machineLoad = () => ({ loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100, cpus: os.cpus().length });
