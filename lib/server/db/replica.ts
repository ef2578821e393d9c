import "server-only";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { getDb, sqlOf } from "@/lib/server/db";
import { isDatabaseUnavailable } from "@/lib/server/db/errors";
import { createPostgresClient, createPostgresPool, postgresRunner } from "@/lib/server/db/postgres";
import type { SqlRunner } from "@/lib/server/db/sql";
import { databaseReadMaxLagMs, getDatabaseReadUrl } from "@/lib/server/platform/env";
import { logger } from "@/lib/server/platform/log";
import { countReplicaRead } from "@/lib/server/platform/metrics";
import { processState } from "@/lib/server/platform/process-state";

/**
 * Reads from a streaming replica (DATABASE_READ_URL): the heavy, read-only work — insights,
 * statements, rate history, history past its first page, the split and request lists — runs
 * there when the replica is fresh enough, on the primary otherwise.
 *
 * The rule (read-your-writes, across any number of instances, with nothing shared but the
 * database): before such a read, the primary's flushed WAL position is read
 * (`pg_current_wal_flush_lsn()`, one call that touches no table), and the replica serves the read
 * only once its replayed position (`pg_last_wal_replay_lsn()`) has reached it. Every write a
 * customer was answered for had been flushed on the primary before the answer (synchronous
 * commit, the default), on whichever instance it was made, so it lies behind that position; the
 * replica's statements that start after it has replayed that far see it. So a replica read never
 * shows anyone less than what they had been answered before they asked — stronger than per
 * customer, and it needs no per-customer bookkeeping.
 *
 * The lag bound: a read waits for the replica to replay that far at most DATABASE_READ_MAX_LAG_MS
 * (200 ms), then goes to the primary. A replica that does not answer is left alone for
 * DOWN_PAUSE_MS and the reads go to the primary; one that fails in the middle of a read has the
 * read run again on the primary.
 */
export type Reader = { db: PrismaClient; sql: SqlRunner };

type Replica = Reader & { url: string; downUntil: number };

/** How long reads stay on the primary after the replica failed to answer. */
const DOWN_PAUSE_MS = 5_000;
/** How long to wait for a replica connection: a replica away must not slow the reads that fall back. */
const REPLICA_CONNECT_MS = 1_000;
/** Between two looks at the replica's replayed position while it catches up. */
const POLL_MS = 5;

const state = processState("db-replica", () => ({ current: null as Replica | null }));

/** The process's replica, made on first use; null without DATABASE_READ_URL. */
function replica(): Replica | null {
  const url = getDatabaseReadUrl();
  if (!url) return null;
  if (state.current?.url !== url) {
    const pool = createPostgresPool(url, { connectTimeoutMs: REPLICA_CONNECT_MS });
    const db = createPostgresClient(pool) as unknown as PrismaClient;
    state.current = { url, db, sql: postgresRunner(pool), downUntil: 0 };
  }
  return state.current;
}

/** A WAL position (`16/B374D848`) as a number of bytes; null stays null (not in recovery). */
export function lsnBytes(lsn: string | null): bigint | null {
  if (lsn === null) return null;
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The primary's flushed WAL position: every commit answered so far lies behind it. */
async function primaryFlushed(sql: SqlRunner): Promise<bigint> {
  const [row] = await sql.$queryRaw<{ lsn: string }[]>(Prisma.sql`SELECT pg_current_wal_flush_lsn()::text AS "lsn"`);
  return lsnBytes(row.lsn) ?? 0n;
}

/** The replica's replayed position; null when the server is not in recovery (promoted). */
async function replayed(sql: SqlRunner): Promise<bigint | null> {
  // A promoted server keeps reporting the last position it replayed: only one in recovery is a replica.
  const [row] = await sql.$queryRaw<{ lsn: string | null }[]>(
    Prisma.sql`SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS "lsn"`,
  );
  return lsnBytes(row.lsn);
}

function markDown(found: Replica, error: unknown): void {
  if (found.downUntil < performance.now()) logger.warn({ err: error }, "the read replica does not answer; reads go to the primary");
  found.downUntil = performance.now() + DOWN_PAUSE_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the replica may serve a read that starts now (the rule above), counted in the metrics. */
async function fresh(found: Replica, primary: SqlRunner): Promise<boolean> {
  if (found.downUntil > performance.now()) return (countReplicaRead("primary", "down"), false);
  const wanted = await primaryFlushed(primary);
  const deadline = performance.now() + databaseReadMaxLagMs();
  for (;;) {
    let position: bigint | null;
    try {
      position = await replayed(found.sql);
    } catch (error) {
      markDown(found, error);
      return (countReplicaRead("primary", "down"), false);
    }
    if (position === null) return (countReplicaRead("primary", "not_replica"), false);
    if (position >= wanted) return (countReplicaRead("replica", "fresh"), true);
    if (performance.now() >= deadline) return (countReplicaRead("primary", "behind"), false);
    await sleep(POLL_MS);
  }
}

/**
 * Runs a read-only `work` on the replica when it is fresh enough for it (see above), else on the
 * primary; a replica that fails during the read has it run again on the primary.
 */
export async function onReplica<T>(work: (reader: Reader) => Promise<T>): Promise<T> {
  const primary: Reader = { db: getDb(), sql: await sqlOf() };
  const found = replica();
  if (!found || primary.sql.dialect !== "postgresql" || !(await fresh(found, primary.sql))) return work(primary);
  try {
    return await work(found);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    markDown(found, error);
    return work(primary);
  }
}

/** `onReplica` for a store on raw statements. */
export function replicaSql<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return onReplica((reader) => work(reader.sql));
}

/** `onReplica` for a store on the Prisma client. */
export function replicaDb<T>(work: (db: PrismaClient) => Promise<T>): Promise<T> {
  return onReplica((reader) => work(reader.db));
}

/** The replica's state for /api/ready and the metrics: null without one; down; or up with its lag. */
export type ReplicaLag = { up: boolean; lagBytes: number | null; lagSeconds: number | null } | null;

export async function replicaLag(): Promise<ReplicaLag> {
  const found = replica();
  if (!found) return null;
  const wanted = await primaryFlushed(await sqlOf());
  try {
    const [row] = await found.sql.$queryRaw<{ lsn: string | null; seconds: number | null }[]>(
      Prisma.sql`SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS "lsn",
        EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 AS "seconds"`,
    );
    const position = lsnBytes(row.lsn);
    // A promoted replica replays nothing: it is up, and nothing lags.
    const behind = position === null ? 0n : wanted > position ? wanted - position : 0n;
    return { up: true, lagBytes: Number(behind), lagSeconds: behind === 0n ? 0 : Math.max(0, row.seconds ?? 0) };
  } catch (error) {
    markDown(found, error);
    return { up: false, lagBytes: null, lagSeconds: null };
  }
}
