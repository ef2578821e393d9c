import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { dbLockWaitMs } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { logger } from "@/lib/server/platform/log";
import { observeDbWait } from "@/lib/server/platform/metrics";
import { startCheckpointer } from "@/lib/server/db/sqlite-checkpoint";
import { createGroupCommitRunner, type Lock } from "@/lib/server/db/sqlite-group-commit";
import { SELF_WAIT, type SqlRunner } from "@/lib/server/db/sql";

type Factory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<Factory["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** The adapter factory, plus the direct runner over the same connection once it is open. */
export type SqliteFactory = Factory & { runner(): SqlRunner | null };

/**
 * Per-connection settings: WAL lets readers run beside the writer; synchronous=NORMAL is durable
 * against a killed process (WAL) without an fsync per commit, which would stall every request on
 * this single connection; busy_timeout waits for another process (migrations, scripts) instead of
 * failing; foreign keys as declared in the schema.
 */
export const SQLITE_PRAGMAS = [
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
  "PRAGMA busy_timeout = 5000",
  "PRAGMA foreign_keys = ON",
  // The default 2 MB page cache misses on every other wallet once there are thousands of users;
  // 64 MB (a budget, not an allocation) and memory-mapped reads keep the working set in memory.
  "PRAGMA cache_size = -65536",
  "PRAGMA mmap_size = 268435456",
].join(";\n");

/**
 * A FIFO lock: `acquire()` resolves with the function that releases it; `tryAcquire()` takes it
 * at once when nobody holds it or waits for it (null otherwise), for work that is synchronous.
 * Work that holds it runs under `holding()`: asking for the lock from there would wait forever,
 * so it fails at once instead. A wait longer than DB_LOCK_WAIT_MS fails with 503 UNAVAILABLE, so a
 * stuck holder costs requests an error, never the whole process.
 */
function createLock(): Lock {
  let held = false;
  const waiters: (() => void)[] = [];
  const holders = new AsyncLocalStorage<true>();
  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiters.shift();
      if (next) next();
      else held = false;
    };
  };
  const tryAcquire = () => {
    if (held) return null;
    held = true;
    return releaser();
  };
  return {
    tryAcquire,
    acquire() {
      if (holders.getStore()) return Promise.reject(new Error(SELF_WAIT));
      const now = tryAcquire();
      if (now) {
        observeDbWait("sqlite", 0);
        return Promise.resolve(now);
      }
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const waiter = () => {
          clearTimeout(timer);
          observeDbWait("sqlite", (performance.now() - started) / 1000);
          resolve(releaser());
        };
        const timer = setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index < 0) return;
          waiters.splice(index, 1);
          reject(new AppError("UNAVAILABLE"));
        }, dbLockWaitMs());
        waiters.push(waiter);
      });
    },
    holding: (work) => holders.run(true, work),
    isHeldHere: () => holders.getStore() === true,
  };
}

/**
 * The better-sqlite3 adapter runs every query on ONE connection, and only serialises transactions
 * among themselves: a query outside a transaction that arrives while one is open would run inside
 * it — reading its uncommitted rows, and vanishing with its rollback. This wrapper makes plain
 * queries and whole transactions take turns on one lock, so each transaction is isolated.
 * (The root client called from inside a Prisma transaction callback would wait for itself.)
 */
function serialise(adapter: Adapter, lock: Lock): Adapter {
  const locked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await lock.acquire();
      try {
        return await fn(...args);
      } finally {
        release();
      }
    };

  const wrapTransaction = (tx: Transaction, release: () => void): Transaction => {
    let done = false;
    const finish = (fn: () => Promise<void>) => async () => {
      try {
        await fn();
      } finally {
        if (!done) {
          done = true;
          release();
        }
      }
    };
    return Object.assign(Object.create(tx) as Transaction, {
      commit: finish(() => tx.commit()),
      rollback: finish(() => tx.rollback()),
    });
  };

  return Object.assign(Object.create(adapter) as Adapter, {
    queryRaw: locked(adapter.queryRaw.bind(adapter)),
    executeRaw: locked(adapter.executeRaw.bind(adapter)),
    executeScript: locked(adapter.executeScript.bind(adapter)),
    async startTransaction(...args: Parameters<Adapter["startTransaction"]>) {
      const release = await lock.acquire();
      try {
        return wrapTransaction(await adapter.startTransaction(...args), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  });
}

/** The name of the SQL function that lower-cases text on SQLite as PostgreSQL's lower() does. */
export const SQLITE_LOWER = "minibank_lower";

/**
 * Functions SQLite lacks that a store's SQL uses (through db/index.ts, never by name). SQLite's
 * own lower() and LIKE fold ASCII letters only; the history's search must find "Анна" as "анна".
 * Any connection that prepares such a statement (a tool's own, read-only) adds them too.
 */
export function addSqliteFunctions(database: Database.Database): void {
  database.function(SQLITE_LOWER, { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
}

/**
 * The better-sqlite3 connection inside the adapter: the one place that reads a field the adapter
 * does not document (`client`, present in 6.19.3, the exact version package.json pins).
 * tests/api/db-lock.test.ts fails loudly when an upgrade moves it.
 */
function connectionOf(adapter: Adapter): Database.Database {
  const client = (adapter as unknown as { client?: unknown }).client;
  if (!(client instanceof Database)) {
    throw new Error("the SQLite adapter no longer exposes its connection; check lib/server/db/sqlite.ts");
  }
  return client;
}

/**
 * The Prisma driver adapter for a SQLite file: pragmas applied, transactions isolated. Once
 * Prisma has connected, `runner()` gives direct SQL on the same connection under the same lock.
 */
export function sqliteAdapter(url: string): SqliteFactory {
  const factory = new PrismaBetterSQLite3({ url });
  const connect = factory.connect.bind(factory);
  let runner: SqlRunner | null = null;
  return Object.assign(Object.create(factory) as SqliteFactory, {
    async connect() {
      let adapter: Adapter;
      try {
        adapter = await connect();
      } catch (error) {
        // The file cannot be opened (a missing folder, no permission): the server cannot serve.
        logger.error({ err: error }, "the SQLite database cannot be opened");
        throw new AppError("UNAVAILABLE");
      }
      await adapter.executeScript(SQLITE_PRAGMAS);
      const lock = createLock();
      const database = connectionOf(adapter);
      addSqliteFunctions(database);
      runner = createGroupCommitRunner(database, lock);
      const checkpointer = database.memory ? null : startCheckpointer(database, database.name);
      const served = serialise(adapter, lock);
      return Object.assign(served, {
        async dispose() {
          await checkpointer?.stop();
          await adapter.dispose();
        },
      });
    },
    runner: () => runner,
  });
}
