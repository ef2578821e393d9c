import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

export type Dialect = "sqlite" | "postgresql";

type Query = TemplateStringsArray | Prisma.Sql;

/**
 * Raw SQL in Prisma's own shape (`$queryRaw` / `$executeRaw` tagged templates), plus the dialect
 * it runs on. The ledger's statements are written once, in SQL both databases accept; the few
 * things that differ (row locks, see `lockWallets`) live in this folder and ask `dialect`.
 *
 * Rows come back typed the same way on both: Int columns as number, BigInt columns (money) as
 * bigint, Boolean columns as boolean, DateTime columns as Date. Aggregates such as COUNT(*)
 * may be number or bigint: wrap them in Number().
 */
export type Sql = {
  readonly dialect: Dialect;
  $queryRaw<T = unknown>(query: Query, ...values: unknown[]): Promise<T>;
  $executeRaw(query: Query, ...values: unknown[]): Promise<number>;
};

/** The ledger's store: statements outside a transaction, and all-or-nothing transactions. */
export type SqlRunner = Sql & {
  /**
   * Runs `work` as one all-or-nothing transaction: its writes are committed before the promise
   * resolves, and undone when it throws. `work` may only run statements on `tx` — on SQLite
   * it is a unit of a group commit (sqlite-group-commit.ts) and any other I/O fails it.
   * A PostgreSQL deadlock or serialization failure runs `work` again.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
};

/** Whether `sql` is the store itself (it can start transactions), not a transaction's `tx`. */
export function isRunner(sql: Sql | SqlRunner): sql is SqlRunner {
  return "transaction" in sql;
}

/** The error of a database call that would wait for the transaction it runs in. */
export const SELF_WAIT =
  "database call on the root client inside a transaction: it would wait for the transaction it runs in — use the transaction's `tx`";

/** The error of a group-commit unit that waited for anything but its own statements. */
export const UNIT_DID_IO =
  "a transaction's work waited for something other than its own SQL (network, timers, files): do that before or after the transaction";
