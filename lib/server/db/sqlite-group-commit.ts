import "server-only";
import type Database from "better-sqlite3";
import { Prisma } from "@/lib/generated/prisma/client";
import { SELF_WAIT, UNIT_DID_IO, type Sql, type SqlRunner } from "@/lib/server/db/sql";

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

type Query = TemplateStringsArray | Prisma.Sql;
type Convert = (value: unknown) => unknown;
type Prepared = { statement: Database.Statement; convert: Map<string, Convert> | null };

/** How Prisma's raw queries type a column, by its declared SQLite type (as the adapter does). */
function converterFor(declared: string | null): Convert | null {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
      return (v) => (v === null ? null : new Date(typeof v === "string" ? v : Number(v)));
    case "BOOLEAN":
      return (v) => (v === null ? null : Number(v) !== 0);
    case "BIGINT":
      return (v) => (v === null ? null : BigInt(v as number | bigint));
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
 * A unit's statements are synchronous, so its work settles within the current turn of the event
 * loop (promise callbacks only). Work still pending when the loop moves on waits for real I/O or
 * a timer — while holding every other unit of its group: it fails, and its savepoint is undone.
 */
function onlySql<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const turn = setImmediate(() => reject(new Error(UNIT_DID_IO)));
    work.then(
      (value) => {
        clearImmediate(turn);
        resolve(value);
      },
      (error: unknown) => {
        clearImmediate(turn);
        reject(error);
      },
    );
  });
}

type Statements = {
  all<T>(query: Query, values: unknown[]): T;
  run(query: Query, values: unknown[]): number;
  exec(text: string): void;
};

/**
 * Statements on one better-sqlite3 connection, prepared once and cached, rows typed like
 * Prisma's raw queries.
 */
function statementsOn(database: Database.Database): Statements {
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
  return {
    all<T>(query: Query, values: unknown[]): T {
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
    },
    run(query: Query, values: unknown[]): number {
      const sql = toSql(query, values);
      return prepare(sql.sql).statement.run(sql.values.map(bindable)).changes;
    },
    exec(text: string): void {
      prepare(text).statement.run();
    },
  };
}

/** Runs `fn` (synchronous statements) under the lock; at once, without a promise trip, when it is free. */
function lockedBy(lock: Lock) {
  return <R>(fn: () => R): Promise<R> => {
    const run = (release: () => void): R => {
      try {
        return fn();
      } finally {
        release();
      }
    };
    // Under load the trips through the promise queue cost more than the statement itself.
    const now = lock.tryAcquire();
    if (!now) return lock.acquire().then(run);
    try {
      return Promise.resolve(run(now));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * The `tx` of one unit: inside the group the lock is already held, so statements run at once.
 * It refuses statements once its unit has ended (a unit that went on after failing).
 */
function unitSql(statements: Statements) {
  let open = true;
  const check = () => {
    if (!open) throw new Error(UNIT_DID_IO);
  };
  const tx: Sql = {
    dialect: "sqlite",
    $queryRaw: async <T>(query: Query, ...values: unknown[]) => (check(), statements.all<T>(query, values)),
    $executeRaw: async (query: Query, ...values: unknown[]) => (check(), statements.run(query, values)),
  };
  return { tx, close: () => (open = false) };
}

type Unit = { work: (tx: Sql) => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void };

/**
 * Group commit: transactions that queue up while the lock is busy run together as one SQLite
 * transaction, each inside its own savepoint, and share one COMMIT (the expensive part: the WAL
 * write). A unit that throws is rolled back to its savepoint alone; nobody is answered before
 * the COMMIT, and if the COMMIT fails every unit of the group fails with it — so each caller
 * still sees exactly its own all-or-nothing transaction. Units run one after another and may
 * do nothing but SQL on `tx`: a unit that waits for other I/O would hold up the whole group,
 * so it fails with UNIT_DID_IO (see `onlySql`) and its `tx` refuses further statements.
 */
function groupCommit(database: Database.Database, statements: Statements, lock: Lock) {
  const { exec } = statements;
  const queue: Unit[] = [];
  let draining = false;

  const runGroup = async (group: Unit[]) => {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      exec("BEGIN IMMEDIATE");
      for (const unit of group) {
        exec("SAVEPOINT unit");
        const { tx, close } = unitSql(statements);
        try {
          const value = await lock.holding(() => onlySql(unit.work(tx)));
          exec("RELEASE unit");
          outcomes.push({ ok: true, value });
        } catch (error) {
          exec("ROLLBACK TO unit");
          exec("RELEASE unit");
          outcomes.push({ ok: false, value: error });
        } finally {
          close();
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

  return function transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
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
  };
}

/**
 * Direct SQL on the adapter's better-sqlite3 connection: statements prepared once and cached,
 * rows typed like Prisma's raw queries, transactions committed in groups. The hot paths
 * (wallets, history, transfers) use it — Prisma's per-query overhead is ten times the query
 * itself — while everything else keeps using the Prisma client. Both take turns on the same
 * lock, so transactions stay isolated. SQLite-only by construction: the SQL it receives is still
 * the dialect-neutral SQL of the callers. (Never call the root runner inside `transaction`: it
 * would wait for itself.)
 */
export function createGroupCommitRunner(database: Database.Database, lock: Lock): SqlRunner {
  const statements = statementsOn(database);
  const locked = lockedBy(lock);
  return {
    dialect: "sqlite",
    $queryRaw: <T>(query: Query, ...values: unknown[]) => locked(() => statements.all<T>(query, values)),
    $executeRaw: (query: Query, ...values: unknown[]) => locked(() => statements.run(query, values)),
    transaction: groupCommit(database, statements, lock),
  };
}
