import "server-only";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { createPostgresClient, createPostgresPool, postgresRunner } from "@/lib/server/db/postgres";
import { isRunner, SELF_WAIT, UNIT_DID_IO, type Dialect, type Sql, type SqlRunner } from "@/lib/server/db/sql";
import { SQLITE_LOWER, sqliteAdapter, type SqliteFactory } from "@/lib/server/db/sqlite";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { processState } from "@/lib/server/platform/process-state";

/**
 * Everything that knows which database it talks to lives in this folder: the client for a URL
 * (SQLite for `file:` URLs, PostgreSQL for `postgresql://`), the ledger's store (`sqlOf`), the
 * few statements that differ between them, and their errors (errors.ts). Above it, use cases see
 * the Prisma client (`getDb`) and the store, never the database.
 */
export type { Dialect, Sql, SqlRunner };
export { isRunner, SELF_WAIT, UNIT_DID_IO };
export { takeTurns } from "@/lib/server/db/claim";
/** The Prisma client (`getDb()`, or one `createDb` made for a script or a test). */
export type Db = PrismaClient;

type Connection = { dialect: Dialect; runner(): Promise<SqlRunner> };

/**
 * Per process, shared by every bundle (see process-state.ts): the client `getDb()` hands out, and
 * what each client `createDb` made is connected to — its dialect and its ledger store.
 */
const state = processState("db", () => ({
  current: null as { url: string; db: PrismaClient } | null,
  connections: new WeakMap<PrismaClient, Connection>(),
}));

export function dialectOfUrl(url: string): Dialect {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error(`DATABASE_URL must be a file: (SQLite) or postgresql:// URL, not ${url.split(":")[0]}:`);
}

function createSqliteDb(url: string): PrismaClient {
  const adapter: SqliteFactory = sqliteAdapter(url);
  const db = new PrismaClient({ adapter });
  state.connections.set(db, {
    dialect: "sqlite",
    async runner() {
      // The direct runner exists once Prisma has opened the connection.
      if (!adapter.runner()) await db.$connect();
      const runner = adapter.runner();
      if (!runner) throw new Error("the SQLite connection did not open");
      return runner;
    },
  });
  return db;
}

function createPostgresDb(url: string): PrismaClient {
  const pool = createPostgresPool(url);
  const client = createPostgresClient(pool);
  const runner = postgresRunner(pool);
  // Both clients are generated from one data model (prisma/postgres/schema.prisma is derived
  // from prisma/schema.prisma), so their model APIs are the same; typing this one as the SQLite
  // client keeps callers to what both databases support.
  const db = client as unknown as PrismaClient;
  state.connections.set(db, { dialect: "postgresql", runner: async () => runner });
  return db;
}

export function createDb(url: string): PrismaClient {
  return dialectOfUrl(url) === "sqlite" ? createSqliteDb(url) : createPostgresDb(url);
}

/** One client per process and database URL. */
export function getDb(): PrismaClient {
  const url = getDatabaseUrl();
  if (state.current?.url !== url) state.current = { url, db: createDb(url) };
  return state.current.db;
}

/** Disconnects the process's client, if it made one (at shutdown). */
export async function closeDb(): Promise<void> {
  const current = state.current;
  state.current = null;
  if (current) await current.db.$disconnect();
}

function connectionOf(db: PrismaClient): Connection {
  const connection = state.connections.get(db);
  if (!connection) throw new Error("not a client made by createDb");
  return connection;
}

/**
 * The ledger's store for `db`: raw statements and transactions, without the Prisma client's
 * per-query cost where the database allows (SQLite: direct statements on the same connection
 * and lock, with group commit; PostgreSQL: the client's own raw queries and transactions).
 */
export function sqlOf(db: PrismaClient = getDb()): Promise<SqlRunner> {
  return connectionOf(db).runner();
}

/**
 * `expression` in lower case, Unicode letters included, on either database: PostgreSQL's lower()
 * (a UTF-8 database folds Cyrillic, too), a function of the connection's on SQLite (whose own
 * lower() folds ASCII only). Compare it with a pattern lowered by `toLowerCase()`.
 */
export function lowerText(dialect: Dialect, expression: Prisma.Sql): Prisma.Sql {
  return dialect === "sqlite" ? Prisma.sql`${Prisma.raw(SQLITE_LOWER)}(${expression})` : Prisma.sql`lower(${expression})`;
}

/** `text` as a LIKE pattern that finds it anywhere, its %, _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Locks the wallets a transfer touches, in id order, before it changes any of them, so two
 * transfers between the same wallets in opposite directions queue instead of deadlocking.
 * PostgreSQL only: a SQLite transaction already holds the whole database.
 */
export async function lockWallets(tx: Sql, ids: number[]): Promise<void> {
  if (tx.dialect !== "postgresql") return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await tx.$queryRaw`SELECT "id" FROM "Wallet" WHERE "id" IN (${Prisma.join(sorted)}) ORDER BY "id" FOR UPDATE`;
}
