import "server-only";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { Prisma } from "@/lib/generated/prisma/client";
import { findPrimary } from "@/lib/server/db/hosts";
import type { Sql } from "@/lib/server/db/sql";

type Query = TemplateStringsArray | Prisma.Sql;

const toSql = (query: Query, values: unknown[]): Prisma.Sql =>
  query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);

/** A read-only view: every write through it fails. */
const readOnly = (): never => {
  throw new Error("a snapshot is read-only");
};

/**
 * Runs `work` on one consistent, read-only snapshot of the database at `url`, on a connection of
 * its own, so a long read (the ledger check over a large ledger) never holds up the server's
 * writers: SQLite in WAL mode keeps a reader's snapshot beside the writer; PostgreSQL's
 * REPEATABLE READ READ ONLY transaction reads one MVCC snapshot and takes no row locks.
 * Integers come back as bigint (sums of money included). On PostgreSQL, `lockKey` first takes a
 * transaction-scoped advisory lock, so instances doing the same work take turns.
 */
export async function readSnapshot<T>(url: string, work: (sql: Sql) => Promise<T>, lockKey?: number): Promise<T> {
  if (url.startsWith("file:")) {
    const database = new Database(path.resolve(url.slice("file:".length)), { readonly: true, fileMustExist: true });
    database.defaultSafeIntegers(true);
    try {
      database.exec("BEGIN");
      const sql: Sql = {
        dialect: "sqlite",
        $queryRaw: async <R>(query: Query, ...values: unknown[]) => {
          const { sql: text, values: bound } = toSql(query, values);
          return database.prepare(text).all(bound) as R;
        },
        $executeRaw: readOnly,
      };
      return await work(sql);
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: await findPrimary(url) });
  // BIGINT as bigint, as the ledger's store reads it (postgres.ts).
  client.setTypeParser(20, (value: string) => BigInt(value));
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    if (lockKey !== undefined) await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [lockKey]);
    const sql: Sql = {
      dialect: "postgresql",
      $queryRaw: async <R>(query: Query, ...values: unknown[]) => {
        const { text, values: bound } = toSql(query, values);
        return (await client.query(text, bound)).rows as R;
      },
      $executeRaw: readOnly,
    };
    const result = await work(sql);
    await client.query("COMMIT");
    return result;
  } finally {
    await client.end();
  }
}
