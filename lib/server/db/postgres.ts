import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/prisma-pg/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { isRetryableConflict } from "@/lib/server/db/errors";
import { findPrimary, hostOf, hostUrls, inRecovery, isMultiHost, notPrimaryError } from "@/lib/server/db/hosts";
import { SELF_WAIT, type Sql, type SqlRunner } from "@/lib/server/db/sql";
import { databasePoolSize, dbLockWaitMs } from "@/lib/server/platform/env";
import { logger } from "@/lib/server/platform/log";
import { observeDbWait, watchPool } from "@/lib/server/platform/metrics";
import { processState } from "@/lib/server/platform/process-state";

type Query = TemplateStringsArray | Prisma.Sql;

/** Attempts of one transaction that PostgreSQL keeps choosing as a deadlock or serialization victim. */
const MAX_ATTEMPTS = 8;

/**
 * One connection pool per database URL and process, shared by the Prisma client and the ledger's
 * store, so DATABASE_POOL_SIZE is the process's whole budget. A request that cannot get a
 * connection in time fails (503, see asAppError) instead of queueing forever; a statement that
 * runs past twice that (waiting for a lock, say) is cancelled, also a 503. A URL that names
 * several hosts connects to the primary among them (`primaryPoolOptions`).
 */
export function createPostgresPool(url: string, options: { connectTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: hostUrls(url)[0],
    connectionTimeoutMillis: options.connectTimeoutMs ?? dbLockWaitMs(),
    statement_timeout: 2 * dbLockWaitMs(),
    max: databasePoolSize(),
    ...(isMultiHost(url) ? primaryPoolOptions(url) : {}),
  });
  // A connection the server ends outside a query (a restart, an operator's pg_terminate_backend)
  // reports it as an 'error' event: unheard, that would end the process. The pool drops such a
  // connection (an idle one at once, one in use when it is released); requests on it fail with 503.
  pool.on("error", (error) => logger.warn({ err: error }, "a pooled PostgreSQL connection ended"));
  pool.on("connect", (client) => client.on("error", () => undefined));
  watchPool(pool);
  return pool;
}

/**
 * Where a pool whose URL names several hosts connects: libpq's `target_session_attrs=read-write`
 * made by hand (node-postgres takes one host). Each new connection goes to the host last found
 * not in recovery and is checked (`pg_is_in_recovery()`) before it serves; a connection that
 * fails or finds a standby fails its request with 503 (NOT_PRIMARY, or the network's error) and
 * sets off one search of every host for the primary, which later connections then use. So after
 * a failover the pool finds the promoted standby by itself: the connections to the old primary
 * die with it, and the next ones search.
 */
function primaryPoolOptions(url: string): Pick<pg.PoolConfig, "Client" | "verify"> {
  let current = hostUrls(url)[0];
  let searching: Promise<void> | null = null;
  const lost = () => {
    searching ??= findPrimary(url)
      .then(
        (found) => {
          if (found !== current) logger.warn({ from: hostOf(current), to: hostOf(found) }, "the PostgreSQL primary moved");
          current = found;
        },
        (error: unknown) => logger.warn({ err: error }, "no PostgreSQL primary found yet"),
      )
      .finally(() => (searching = null));
  };
  class PrimaryClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: current });
    }
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const connecting = super.connect().catch((error: unknown) => {
        lost();
        throw error;
      });
      if (!callback) return connecting;
      // pg-pool's callback takes no error on success.
      connecting.then(() => callback(undefined as unknown as Error), callback);
    }
  }
  return {
    Client: PrimaryClient as unknown as new () => pg.ClientBase,
    verify(client, done) {
      inRecovery(client).then(
        (standby) => {
          if (!standby) return done();
          lost();
          done(notPrimaryError(hostOf(current)));
        },
        (error: Error) => {
          lost();
          done(error);
        },
      );
    },
  };
}

export function createPostgresClient(pool: pg.Pool): PostgresClient {
  return new PostgresClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

const INT8 = 20;
const TIMESTAMP = 1114;

/**
 * Rows typed as the store promises (sql.ts): BIGINT as bigint, and `timestamp(3)` columns — which
 * hold UTC, as Prisma writes them — as that instant (the driver's default reads them as local
 * time). Given per query, so the pool's other user, Prisma, keeps its own parsers.
 */
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8) return (value: string) => BigInt(value);
    if (oid === TIMESTAMP) return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Parameters as PostgreSQL reads them: instants in UTC (a zone is ignored by `timestamp` columns). */
function parameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Distinct statement texts a process names at most; the store has a few dozen (lists vary in length). */
const MAX_NAMED = 1_000;
/** Per process, shared by every bundle's copy of this module (process-state.ts): text → name. */
const names = processState("pg-statement-names", () => new Map<string, string>());

/**
 * The name a statement is prepared under, derived from its text: each pooled connection parses
 * and plans a statement the first time and from then on only binds and executes it, and
 * PostgreSQL keeps its plan once a generic plan costs no more than planning each time. A name is
 * a hash of the text, so one name never stands for two texts on a connection. Past MAX_NAMED
 * texts, statements run unnamed.
 */
function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED) return known;
  const name = `minibank_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
  names.set(text, name);
  return name;
}

function toQuery(query: Query, values: unknown[]): pg.QueryConfig {
  const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
  return { name: nameOf(sql.text), text: sql.text, values: sql.values.map(parameter), types };
}

/**
 * Whether the server ended the session with `error` (severity FATAL or PANIC: pg_terminate_backend,
 * a shutdown). Its socket closes a moment later; until the driver hears that, the pool would hand
 * the dead connection to the next statement, so it is released as broken.
 */
function endedSession(error: unknown): boolean {
  return error instanceof pg.DatabaseError && (error.severity === "FATAL" || error.severity === "PANIC");
}

/**
 * The ledger's store on PostgreSQL, straight on the driver's pool: Prisma's raw queries cost
 * several times the driver's own CPU per statement, and the store's statements are already SQL
 * (bench/results has the comparison). Transactions run at READ COMMITTED, the isolation the
 * ledger is written for (debits are conditional; wallets are locked in id order). A transaction
 * PostgreSQL aborts as a deadlock or serialization victim wrote nothing and is run again, so
 * callers never see it.
 */
export function postgresRunner(pool: pg.Pool): SqlRunner {
  const inTransaction = new AsyncLocalStorage<true>();
  /** A pooled connection, the wait for it measured (minibank_db_wait_seconds). */
  const connect = async () => {
    const started = performance.now();
    const client = await pool.connect();
    observeDbWait("postgresql", (performance.now() - started) / 1000);
    return client;
  };
  const sql = (client: pg.Pool | pg.PoolClient, root: boolean): Sql => {
    const run = async (query: Query, values: unknown[]) => {
      // Inside a transaction the root store would take a second connection and could wait for
      // rows the transaction itself locked.
      if (root && inTransaction.getStore()) throw new Error(SELF_WAIT);
      if (!root) return client.query(toQuery(query, values));
      const pooled = await connect();
      let broken = false;
      try {
        return await pooled.query(toQuery(query, values));
      } catch (error) {
        // An error the server answered (it has a SQLSTATE code) leaves the connection usable,
        // unless it ended the session.
        broken = !(error instanceof Error && "code" in error && typeof error.code === "string") || endedSession(error);
        throw error;
      } finally {
        pooled.release(broken);
      }
    };
    return {
      dialect: "postgresql",
      $queryRaw: async <T>(query: Query, ...values: unknown[]) => (await run(query, values)).rows as T,
      $executeRaw: async (query: Query, ...values: unknown[]) => (await run(query, values)).rowCount ?? 0,
    };
  };
  const once = async <T>(work: (tx: Sql) => Promise<T>): Promise<T> => {
    const client = await connect();
    let broken = false;
    try {
      await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
      const result = await inTransaction.run(true, () => work(sql(client, false)));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      broken = endedSession(error);
      if (!broken) await client.query("ROLLBACK").catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return {
    ...sql(pool, true),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      if (inTransaction.getStore()) throw new Error(SELF_WAIT);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await once(work);
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
          // Let the winner finish before trying again; jitter keeps the losers apart.
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10 * attempt));
        }
      }
    },
  };
}
