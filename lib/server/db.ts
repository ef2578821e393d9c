import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { sqliteAdapter, type SqliteFactory } from "@/lib/server/sqlite-adapter";
import type { Sql, SqlRunner } from "@/lib/server/sqlite-runner";

export type { Sql, SqlRunner };
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as {
  minibankDb?: PrismaClient;
  minibankDbUrl?: string;
};

const factories = new WeakMap<PrismaClient, SqliteFactory>();

export function createDb(url: string): PrismaClient {
  const adapter = sqliteAdapter(url);
  const db = new PrismaClient({ adapter });
  factories.set(db, adapter);
  return db;
}

/** One client per process, cached on globalThis (dev reloads modules). */
export function getDb(): PrismaClient {
  const url = process.env.DATABASE_URL ?? "file:./data/minibank.db";
  if (!globalForDb.minibankDb || globalForDb.minibankDbUrl !== url) {
    globalForDb.minibankDb = createDb(url);
    globalForDb.minibankDbUrl = url;
  }
  return globalForDb.minibankDb;
}

/**
 * Direct SQL on `db`'s own connection (see sqlite-runner.ts), for the hot paths: the same lock as
 * the Prisma client, none of its per-query cost. Connects the client first if needed.
 */
export async function sqlOf(db: PrismaClient = getDb()): Promise<SqlRunner> {
  const factory = factories.get(db);
  if (!factory) throw new Error("not a client made by createDb");
  let runner = factory.runner();
  if (!runner) {
    await db.$connect();
    runner = factory.runner();
    if (!runner) throw new Error("the SQLite connection did not open");
  }
  return runner;
}
