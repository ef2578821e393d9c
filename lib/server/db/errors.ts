import "server-only";
import pg from "pg";

/** The SQLite runner's extended result codes (better-sqlite3) for a duplicate key. */
const SQLITE_UNIQUE = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);
/** PostgreSQL: unique_violation. */
const PG_UNIQUE = "23505";
/** PostgreSQL: serialization_failure, deadlock_detected — the transaction may simply be run again. */
const PG_RETRYABLE = new Set(["40001", "40P01"]);

type Coded = {
  code?: unknown;
  meta?: { code?: unknown; driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
};

function fields(error: unknown): Coded | null {
  return typeof error === "object" && error !== null ? (error as Coded) : null;
}

/**
 * The database's own error code: behind a Prisma error (raw queries report it under `meta`), or
 * the `pg` driver's own (the PostgreSQL store's statements).
 */
function databaseCode(error: Coded | pg.DatabaseError): unknown {
  if (error instanceof pg.DatabaseError) return error.code;
  return error.meta?.code ?? error.meta?.driverAdapterError?.cause?.originalCode;
}

/**
 * A unique-constraint violation — a concurrent request created the same row first — whatever
 * raised it: the Prisma client (P2002, on any database), a raw query through Prisma on
 * PostgreSQL (P2010 carrying 23505), or the direct SQLite runner (better-sqlite3's code).
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = fields(error);
  if (!e) return false;
  if (e.code === "P2002") return true;
  if (typeof e.code === "string" && SQLITE_UNIQUE.has(e.code)) return true;
  return (
    databaseCode(e) === PG_UNIQUE || e.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation"
  );
}

/**
 * A transaction PostgreSQL gave up so that another could proceed (a deadlock or a serialization
 * failure): nothing of it was written, and running it again is the documented remedy.
 */
export function isRetryableConflict(error: unknown): boolean {
  const e = fields(error);
  if (!e) return false;
  if (e.code === "P2034") return true;
  const code = databaseCode(e);
  return typeof code === "string" && PG_RETRYABLE.has(code);
}

/**
 * SQLite refused a transaction the write lock because another process had written or held it
 * meanwhile ("database is locked"): at once, when the transaction had read first (waiting could
 * not help it), or after the busy timeout. Nothing of it was written; running it again is the
 * remedy. The driver's own code comes as the error's, or, through Prisma (which then says P1008,
 * "timed out"), as the adapter's cause.
 */
export function isSqliteLockConflict(error: unknown): boolean {
  const e = fields(error);
  return [e?.code, e?.meta?.driverAdapterError?.cause?.originalCode].some((code) => typeof code === "string" && code.startsWith("SQLITE_BUSY"));
}

/** The pool or Prisma could not start a transaction in time (P2028, P2024): the server is busy. */
function isBusy(error: unknown): boolean {
  const e = fields(error);
  return e?.code === "P2028" || e?.code === "P2024";
}

const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "TooManyConnections", "DatabaseDoesNotExist"]);
/**
 * The `pg` driver's: connection exceptions (08…), too many connections, the server shutting down
 * (57P0…, and 57P03 for a host that is a standby, see hosts.ts), no such database, a statement
 * cancelled by statement_timeout, a write that reached a standby (25006, during a failover); and
 * the network's.
 */
const PG_UNAVAILABLE = /^(08...|53300|57P0.|3D000|57014|25006)$/;
const NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);
/** What `pg` throws without a code: no pooled connection in time, or a connection gone. */
const PG_UNAVAILABLE_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/;

/**
 * The database cannot serve at all right now — not reachable, connection lost, no connection to
 * be had, or busy past the wait limit: the request fails with 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = fields(error);
  if (!e) return false;
  // Another process kept the SQLite file's write lock past every retry: busy, not broken.
  if (isBusy(error) || isSqliteLockConflict(error) || e.code === "P1001" || e.code === "P1017") return true;
  if (error instanceof pg.DatabaseError && PG_UNAVAILABLE.test(error.code ?? "")) return true;
  if (typeof e.code === "string" && NETWORK.has(e.code)) return true;
  if (error instanceof Error && !e.code && PG_UNAVAILABLE_MESSAGES.test(error.message)) return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind;
  return typeof kind === "string" && UNREACHABLE_KINDS.has(kind);
}
