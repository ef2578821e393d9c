import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { sqliteAdapter } from "@/lib/server/sqlite-adapter";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as { minibankDb?: PrismaClient; minibankDbUrl?: string };

export function createDb(url: string): PrismaClient {
  return new PrismaClient({ adapter: sqliteAdapter(url) });
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
