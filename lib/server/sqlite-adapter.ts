import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

type Factory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<Factory["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/**
 * Per-connection settings: WAL lets readers run beside the writer; synchronous=NORMAL is durable
 * against a killed process (WAL) without an fsync per commit, which would stall every request on
 * this single connection; busy_timeout waits for another process (migrations, scripts) instead of
 * failing; foreign keys as declared in the schema.
 */
const PRAGMAS = [
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
  "PRAGMA busy_timeout = 5000",
  "PRAGMA foreign_keys = ON",
].join(";\n");

/** A FIFO lock: `acquire()` resolves with the function that releases it. */
function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return {
    acquire(): Promise<() => void> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const ready = tail.then(() => release);
      tail = tail.then(() => released);
      return ready;
    },
  };
}

/**
 * The better-sqlite3 adapter runs every query on ONE connection, and only serialises transactions
 * among themselves: a query outside a transaction that arrives while one is open would run inside
 * it — reading its uncommitted rows, and vanishing with its rollback. This wrapper makes plain
 * queries and whole transactions take turns on one lock, so each transaction is isolated.
 * (Never call the root client from inside a transaction callback: it would wait for itself.)
 */
function serialise(adapter: Adapter): Adapter {
  const lock = createLock();
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

/** The Prisma driver adapter for a SQLite file: pragmas applied, transactions isolated. */
export function sqliteAdapter(url: string): Factory {
  const factory = new PrismaBetterSQLite3({ url });
  const connect = factory.connect.bind(factory);
  return Object.assign(Object.create(factory) as Factory, {
    async connect() {
      const adapter = await connect();
      await adapter.executeScript(PRAGMAS);
      return serialise(adapter);
    },
  });
}
