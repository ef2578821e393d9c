import "server-only";
import type Database from "better-sqlite3";
import { Prisma } from "@/lib/generated/prisma/client";

export type Lock = {
  /**
   * Resolves with the release function. Rejects at once when called from work running under
   * `holding` (it would wait for itself), and with 503 UNAVAILABLE after the wait limit.
   */
  acquire(): Promise<() => void>;
  /** The lock now if it is free (nobody holds it or waits for it), else null. */
  tryAcquire(): (() => void) | null;
  /** Runs `work`, which holds the lock, marked so that asking for the lock inside it fails loudly. */
  holding<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside `holding`. */
  isHeldHere(): boolean;
};

/** The error of a database call that would wait for the transaction it runs in. */
export const SELF_WAIT =
  "database call on the root client inside sql.transaction(): it would wait for the transaction it runs in — use the transaction's `tx`";

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
  /**
   * Runs `work` as one all-or-nothing transaction holding the lock: its writes are committed
   * before the promise resolves, and undone when it throws (see group commit below).
   */
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
/** Transactions committed together at most (bounds how long one group holds the lock). */
const MAX_GROUP = 32;

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

  const locked = <R>(fn: () => R): Promise<R> => {
    const run = (release: () => void): R => {
      try {
        return fn();
      } finally {
        release();
      }
    };
    // Statements are synchronous: when the lock is free, run at once without a trip through the
    // promise queue (under load those trips cost more than the statement itself).
    const now = lock.tryAcquire();
    if (!now) return lock.acquire().then(run);
    try {
      return Promise.resolve(run(now));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  // Inside a transaction the lock is already held: statements run at once.
  const inTransaction: Sql = {
    $queryRaw: async <T>(query: Query, ...values: unknown[]) => all<T>(query, values),
    $executeRaw: async (query: Query, ...values: unknown[]) => run(query, values),
  };

  const exec = (text: string) => prepare(text).statement.run();

  /**
   * Group commit: transactions that queue up while the lock is busy run together as one SQLite
   * transaction, each inside its own savepoint, and share one COMMIT (the expensive part: the WAL
   * write). A unit that throws is rolled back to its savepoint alone; nobody is answered before
   * the COMMIT, and if the COMMIT fails every unit of the group fails with it — so each caller
   * still sees exactly its own all-or-nothing transaction. Units run one after another and must
   * do nothing but SQL on `tx` (no other I/O), or they would hold up the whole group.
   */
  type Unit = { work: (tx: Sql) => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void };
  const queue: Unit[] = [];
  let draining = false;

  const runGroup = async (group: Unit[]) => {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      exec("BEGIN IMMEDIATE");
      for (const unit of group) {
        exec("SAVEPOINT unit");
        try {
          const value = await lock.holding(() => unit.work(inTransaction));
          exec("RELEASE unit");
          outcomes.push({ ok: true, value });
        } catch (error) {
          exec("ROLLBACK TO unit");
          exec("RELEASE unit");
          outcomes.push({ ok: false, value: error });
        }
      }
      exec("COMMIT");
    } catch (error) {
      if (database.inTransaction) exec("ROLLBACK");
      for (const unit of group) unit.reject(error);
      return;
    }
    group.forEach((unit, i) => (outcomes[i].ok ? unit.resolve : unit.reject)(outcomes[i].value));
  };

  const drain = async () => {
    try {
      while (queue.length > 0) {
        const release = await lock.acquire();
        try {
          await runGroup(queue.splice(0, MAX_GROUP));
        } finally {
          release();
        }
      }
    } finally {
      draining = false;
    }
  };

  return {
    $queryRaw: <T>(query: Query, ...values: unknown[]) => locked(() => all<T>(query, values)),
    $executeRaw: (query: Query, ...values: unknown[]) => locked(() => run(query, values)),
    transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      if (lock.isHeldHere()) return Promise.reject(new Error(SELF_WAIT));
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // Started after this turn of the event loop, so that every transaction requested during
        // it (requests arrive together under load) joins the same group.
        if (!draining) {
          draining = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
