import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "@/lib/server/db/sql";

/**
 * What a work queue's claim needs that differs between the databases: row locks that other
 * claimers step over, a lock that makes one kind of claim take turns across processes (SQLite
 * has neither and needs neither: a write transaction holds the whole file), and lists of ids
 * bound as one value.
 */

/**
 * The clause that ends a SELECT of rows to claim: on PostgreSQL `FOR UPDATE SKIP LOCKED` — the
 * rows are this transaction's until it commits, and rows another claimer holds are skipped
 * rather than waited for (two claimers never get the same row and never queue behind each
 * other). Nothing on SQLite.
 */
export function skipLockedRows(tx: Sql): Prisma.Sql {
  return tx.dialect === "postgresql" ? Prisma.sql`FOR UPDATE SKIP LOCKED` : Prisma.empty;
}

/**
 * Makes the transactions that pass the same `key` take turns until they commit, across every
 * process on the database: a claim that reads a shared budget (how much was sent in the last
 * second) before it takes its share, or the creation of one shared thing (the bank's user and
 * wallets). PostgreSQL: a transaction-scoped advisory lock; SQLite is serial anyway.
 */
export async function takeTurns(tx: Sql, key: number): Promise<void> {
  if (tx.dialect !== "postgresql") return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key}::bigint)`;
}

/**
 * `IN (…)` over a list bound as one value, so the statement reads the same whatever the list's
 * length (the SQLite store prepares each text once and keeps it): a JSON array read by
 * `json_each` on SQLite, `= ANY(array)` on PostgreSQL.
 */
export function inList(tx: Sql, values: readonly number[] | readonly string[]): Prisma.Sql {
  if (tx.dialect === "postgresql") return Prisma.sql`= ANY(${values})`;
  return Prisma.sql`IN (SELECT "value" FROM json_each(${JSON.stringify(values)}))`;
}
