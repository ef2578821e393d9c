import "server-only";
import type Database from "better-sqlite3";
import { Prisma } from "@/lib/generated/prisma/client";

export type Lock = { acquire(): Promise<() => void> };

type Query = TemplateStringsArray | Prisma.Sql;

/**
 * Raw SQL in Prisma's own shape (`$queryRaw` / `$executeRaw` tagged templates): a Prisma client or
 * interactive transaction satisfies it, and so does the direct runner below, so ledger code runs
 * unchanged on either.
 */
export type Sql = {
  $queryRaw<T = unknown>(query: Query, ...values: unknown[]): Promise<T>;
  $executeRaw(query: Query, ...values: unknown[]): Promise<number>;
};

export type SqlRunner = Sql & {
  /** Runs `work` in one BEGIN IMMEDIATE … COMMIT (ROLLBACK when it throws), holding the lock. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
};

type Convert = (value: unknown) => unknown;
type Prepared = { statement: Database.Statement; convert: Map<string, Convert> | null };

/** How Prisma's raw queries type a column, by its declared SQLite type (as the adapter does). */
function converterFor(declared: string | null): Convert | null {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
      return (v) => (v === null ? null : new Date(typeof v === "string" ? v : Number(v)));
    case "BOOLEAN":
      return (v) => (v === null ? null : Number(v) !== 0);
    case "INTEGER":
    case "INT":
      return (v) => (typeof v === "bigint" ? Number(v) : v);
    default:
      return null;
  }
}

/** Bound values as the adapter writes them: booleans 0/1, instants as ISO-8601 with +00:00. */
function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  return value;
}

const MAX_CACHED_STATEMENTS = 256;

/**
 * Direct SQL on the adapter's better-sqlite3 connection: statements prepared once and cached,
 * rows typed like Prisma's raw queries. The hot paths (wallets, history, transfers) use it —
 * Prisma's per-query overhead is ten times the query itself — while everything else keeps
 * using the Prisma client. Both take turns on the same lock, so transactions stay isolated.
 * SQLite-only by construction: the SQL it receives is still the dialect-neutral SQL of the
 * callers. (Never call the root runner inside `transaction`: it would wait for itself.)
 */
export function createSqlRunner(database: Database.Database, lock: Lock): SqlRunner {
  const cache = new Map<string, Prepared>();

  const prepare = (text: string): Prepared => {
    let prepared = cache.get(text);
    if (!prepared) {
      if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
      const statement = database.prepare(text);
      let convert: Map<string, Convert> | null = null;
      if (statement.reader) {
        convert = new Map();
        for (const column of statement.columns()) {
          const fn = converterFor(column.type);
          if (fn) convert.set(column.name, fn);
        }
      }
      prepared = { statement, convert };
      cache.set(text, prepared);
    }
    return prepared;
  };

  const toSql = (query: Query, values: unknown[]): Prisma.Sql =>
    query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);

  const all = <T>(query: Query, values: unknown[]): T => {
    const sql = toSql(query, values);
    const { statement, convert } = prepare(sql.sql);
    if (!statement.reader) {
      statement.run(sql.values.map(bindable));
      return [] as T;
    }
    const rows = statement.all(sql.values.map(bindable)) as Record<string, unknown>[];
    if (convert?.size) {
      for (const row of rows) for (const [name, fn] of convert) row[name] = fn(row[name]);
    }
    return rows as T;
  };

  const run = (query: Query, values: unknown[]): number => {
    const sql = toSql(query, values);
    return prepare(sql.sql).statement.run(sql.values.map(bindable)).changes;
  };

  const locked = async <R>(fn: () => R): Promise<R> => {
    const release = await lock.acquire();
    try {
      return fn();
    } finally {
      release();
    }
  };

  // Inside a transaction the lock is already held: statements run at once.
  const inTransaction: Sql = {
    $queryRaw: async <T>(query: Query, ...values: unknown[]) => all<T>(query, values),
    $executeRaw: async (query: Query, ...values: unknown[]) => run(query, values),
  };

  return {
    $queryRaw: <T>(query: Query, ...values: unknown[]) => locked(() => all<T>(query, values)),
    $executeRaw: (query: Query, ...values: unknown[]) => locked(() => run(query, values)),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const release = await lock.acquire();
      try {
        prepare("BEGIN IMMEDIATE").statement.run();
        try {
          const result = await work(inTransaction);
          prepare("COMMIT").statement.run();
          return result;
        } catch (error) {
          if (database.inTransaction) prepare("ROLLBACK").statement.run();
          throw error;
        }
      } finally {
        release();
      }
    },
  };
}
