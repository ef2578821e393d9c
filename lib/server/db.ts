import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { DEFAULT_DATABASE_URL } from "@/lib/server/env";
import { processState } from "@/lib/server/process-state";
import { sqliteAdapter, type SqliteFactory } from "@/lib/server/sqlite-adapter";
import type { Sql, SqlRunner } from "@/lib/server/sqlite-runner";

export type { Sql, SqlRunner };
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Per process, shared by every bundle (see process-state.ts): the client `getDb()` hands out, and
 * the adapter behind each client `createDb` made — the direct runner lives on that adapter.
 */
const state = processState("db", () => ({
  current: null as { url: string; db: PrismaClient } | null,
  adapters: new WeakMap<PrismaClient, SqliteFactory>(),
}));

export function createDb(url: string): PrismaClient {
  const adapter = sqliteAdapter(url);
  const db = new PrismaClient({ adapter });
  state.adapters.set(db, adapter);
  return db;
}

/** One client per process and database URL. */
export function getDb(): PrismaClient {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (state.current?.url !== url) state.current = { url, db: createDb(url) };
  return state.current.db;
}

/**
 * Direct SQL on `db`'s own connection (see sqlite-runner.ts), for the hot paths: the same lock as
 * the Prisma client, none of its per-query cost. Connects the client first if needed.
 */
export async function sqlOf(db: PrismaClient = getDb()): Promise<SqlRunner> {
  const adapter = state.adapters.get(db);
  if (!adapter) throw new Error("not a client made by createDb");
  let runner = adapter.runner();
  if (!runner) {
    await db.$connect();
    runner = adapter.runner();
    if (!runner) throw new Error("the SQLite connection did not open");
  }
  return runner;
}
