import "server-only";
import client from "prom-client";
import { processState } from "@/lib/server/platform/process-state";

/**
 * The process's metrics, in Prometheus's text format at GET /api/metrics (prom-client). One
 * registry per process, shared by every bundle (process-state.ts). Labels carry only fixed sets
 * of values — route patterns, methods, statuses, currencies, channels — never a user id, an
 * address, a token or a value from a path. (No `server-only`: the database layer records its
 * waits here, and the serving script may too.)
 */
type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };

type Registry = InstanceType<typeof client.Registry>;

/** Requests served and money moved. */
function trafficMetrics(registry: Registry) {
  return {
    requests: new client.Histogram({
      name: "minibank_http_request_duration_seconds",
      help: "API requests by route pattern, method and status, and how long they took",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    transfers: new client.Counter({
      name: "minibank_transfers_total",
      help: "Transfers and top-ups committed by this process, by kind and sent currency",
      labelNames: ["kind", "currency"] as const,
      registers: [registry],
    }),
    transferred: new client.Counter({
      name: "minibank_transferred_minor_units_total",
      help: "Money moved by committed transfers and top-ups, in the sent currency's minor units",
      labelNames: ["kind", "currency"] as const,
      registers: [registry],
    }),
  };
}

/** What waits to be done: the notification outbox, and how old the exchange rates are. */
function backlogMetrics(registry: Registry) {
  return {
    outboxPending: new client.Gauge({
      name: "minibank_outbox_pending",
      help: "Notifications waiting or being sent, by channel (read from the database at scrape time)",
      labelNames: ["channel"] as const,
      registers: [registry],
    }),
    outboxOldest: new client.Gauge({
      name: "minibank_outbox_oldest_pending_seconds",
      help: "Age of the oldest notification not yet delivered nor given up, by channel",
      labelNames: ["channel"] as const,
      registers: [registry],
    }),
    outboxSettled: new client.Counter({
      name: "minibank_outbox_messages_total",
      help: "Notification messages this process settled, by channel and outcome (sent, failed, retry, slow_down)",
      labelNames: ["channel", "outcome"] as const,
      registers: [registry],
    }),
    ratesAge: new client.Gauge({
      name: "minibank_rates_age_seconds",
      help: "Time since the start (UTC) of the newest exchange rate quote's day, by currency",
      labelNames: ["currency"] as const,
      registers: [registry],
    }),
  };
}

/** Waits for the database, and the PostgreSQL pools' connections. */
function databaseMetrics(registry: Registry, pools: Set<PoolLike>) {
  return {
    dbWait: new client.Histogram({
      name: "minibank_db_wait_seconds",
      help: "How long work waited for the database: a pooled connection (PostgreSQL) or the connection's lock (SQLite)",
      labelNames: ["database"] as const,
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10],
      registers: [registry],
    }),
    pool: new client.Gauge({
      name: "minibank_db_pool_connections",
      help: "PostgreSQL pool connections of this process: total, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const sum = (pick: (pool: PoolLike) => number) => [...pools].reduce((total, pool) => total + pick(pool), 0);
        this.set({ state: "total" }, sum((pool) => pool.totalCount));
        this.set({ state: "idle" }, sum((pool) => pool.idleCount));
        this.set({ state: "waiting" }, sum((pool) => pool.waitingCount));
      },
    }),
  };
}

/** The last ledger check's outcome. */
function ledgerMetrics(registry: Registry) {
  return {
    ledgerOk: new client.Gauge({
      name: "minibank_ledger_check_ok",
      help: "1 when the last ledger check found every invariant holding, 0 when it found a breach",
      registers: [registry],
    }),
    ledgerProblems: new client.Gauge({
      name: "minibank_ledger_check_problems",
      help: "Breaches the last ledger check found",
      registers: [registry],
    }),
    ledgerTime: new client.Gauge({
      name: "minibank_ledger_check_timestamp_seconds",
      help: "When the last ledger check ran (Unix time)",
      registers: [registry],
    }),
    ledgerDuration: new client.Gauge({
      name: "minibank_ledger_check_duration_seconds",
      help: "How long the last ledger check took",
      registers: [registry],
    }),
  };
}

/**
 * The streaming replica the heavy reads may use (DATABASE_READ_URL), and where reads went. The
 * gauges join the registry at the first scrape that measured a replica (`recordReplicaLag`):
 * without one they are absent rather than 0.
 */
function replicaMetrics(registry: Registry) {
  return {
    replicaUp: new client.Gauge({
      name: "minibank_replica_up",
      help: "1 when the read replica answered at scrape time, 0 when it did not",
      registers: [],
    }),
    replicaLagBytes: new client.Gauge({
      name: "minibank_replica_lag_bytes",
      help: "WAL the read replica has yet to replay: the primary's flushed position minus the replica's replayed one, at scrape time",
      registers: [],
    }),
    replicaLagSeconds: new client.Gauge({
      name: "minibank_replica_lag_seconds",
      help: "Time since the replica replayed its last transaction while WAL remains to replay (0 when it has caught up)",
      registers: [],
    }),
    replicaReads: new client.Counter({
      name: "minibank_replica_reads_total",
      help: "Reads that could use the replica, by where they went (replica, primary) and why (fresh, behind, down, not_replica)",
      labelNames: ["target", "reason"] as const,
      registers: [registry],
    }),
  };
}

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  // Gauges named like counters (promtool's lint refuses them); their per-type twins stay.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) {
    registry.removeSingleMetric(name);
  }
  const pools = new Set<PoolLike>();
  const metric = { ...trafficMetrics(registry), ...backlogMetrics(registry), ...databaseMetrics(registry, pools), ...ledgerMetrics(registry), ...replicaMetrics(registry) };
  return { registry, metric, pools };
}

const state = processState("metrics", create);

/** The registry GET /api/metrics serves. */
export const metricsRegistry = state.registry;
export const metrics = state.metric;

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  metrics.requests.observe({ route, method, status: String(status) }, seconds);
}

export function countTransfer(kind: string, currency: string, amount: bigint): void {
  metrics.transfers.inc({ kind, currency });
  // prom-client counters are doubles: exact up to 2^53 minor units per process.
  metrics.transferred.inc({ kind, currency }, Number(amount));
}

export function observeDbWait(database: "sqlite" | "postgresql", seconds: number): void {
  metrics.dbWait.observe({ database }, seconds);
}

/** Reports `pool`'s connections in minibank_db_pool_connections. */
export function watchPool(pool: PoolLike): void {
  state.pools.add(pool);
}

export function recordLedgerCheck(result: { ok: boolean; problemCount: number; checkedAt: Date; durationMs: number }): void {
  metrics.ledgerOk.set(result.ok ? 1 : 0);
  metrics.ledgerProblems.set(result.problemCount);
  metrics.ledgerTime.set(Math.floor(result.checkedAt.getTime() / 1000));
  metrics.ledgerDuration.set(result.durationMs / 1000);
}

/** One read that could use the replica: where it went and why. */
export function countReplicaRead(target: "replica" | "primary", reason: "fresh" | "behind" | "down" | "not_replica"): void {
  metrics.replicaReads.inc({ target, reason });
}

/** The replica's state at a scrape: down (null lag), or up with its lag. */
export function recordReplicaLag(lag: { up: boolean; lagBytes: number | null; lagSeconds: number | null }): void {
  const gauges = { minibank_replica_up: metrics.replicaUp, minibank_replica_lag_bytes: metrics.replicaLagBytes, minibank_replica_lag_seconds: metrics.replicaLagSeconds };
  for (const [name, gauge] of Object.entries(gauges)) {
    if (!state.registry.getSingleMetric(name)) state.registry.registerMetric(gauge);
  }
  metrics.replicaUp.set(lag.up ? 1 : 0);
  if (lag.lagBytes !== null) metrics.replicaLagBytes.set(lag.lagBytes);
  if (lag.lagSeconds !== null) metrics.replicaLagSeconds.set(lag.lagSeconds);
}
