/**
 * What the replica set-up (bench/support/replica.ts) runs and watches beside its transfers:
 * readers — a few loops, each asking one read after another, as a random customer with that
 * customer's own token, of the reads the app may serve on its replica and that hold a database
 * hardest: GET /api/v1/insights (every account, in rubles) and a month's statement as CSV (POST
 * /api/v1/statements/link, then the link); the replication as the primary reports it
 * (pg_stat_replication); and where the app's replica reads went (its own counter,
 * `minibank_replica_reads_total`, at /api/metrics).
 */
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { CURRENCIES } from "@/lib/shared/money";
import { walletId } from "./seed";
import { percentile } from "./stats";

type ReadKind = "insights" | "statement";
/** One read as its reader saw it; status 0: no answer (refused, reset, timed out). */
type Read = { kind: ReadKind; status: number; ms: number; endedAt: number };

export type ReadersMeasured = {
  /** Answered 2xx, per second of the readers' run; and per kind. */
  readsPerSec: number;
  insightsPerSec: number;
  statementsPerSec: number;
  /** Over every answered read (a statement: the link and its file). */
  p50: number;
  p99: number;
  reads: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};

export type Readers = {
  /**
   * Stops the loops (a read under way is finished first) and sums up their whole run, the
   * transfers' warm-up included: under load a read takes seconds, and a window of a few would
   * count a handful.
   */
  stop(): Promise<ReadersMeasured>;
};

/** A read that does not come back within this is given up (an error), so stopping never hangs. */
const READ_TIMEOUT_MS = 30_000;
/** The time zone a customer's month is counted in: Moscow's, the app's default. */
const TZ_MINUTES = 180;
const DAY_MS = 86_400_000;

const round1 = (x: number) => Math.round(x * 10) / 10;

async function readInsights(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/insights?wallet=total`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The last 30 days' statement of `wallet` as CSV, downloaded to the end; the first non-2xx answer's status. */
async function readStatement(url: string, token: string, wallet: number): Promise<number> {
  const day = (ms: number) => new Date(ms + TZ_MINUTES * 60_000).toISOString().slice(0, 10);
  const now = Date.now();
  const linked = await fetch(`${url}/api/v1/statements/link`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ walletId: wallet, format: "csv", from: day(now - 29 * DAY_MS), to: day(now), tz: TZ_MINUTES }),
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  if (linked.status !== 201) {
    await linked.arrayBuffer();
    return linked.status;
  }
  const link = (await linked.json()) as { url: string };
  const file = await fetch(`${url}${link.url}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  await file.arrayBuffer();
  return file.status;
}

function measuredReads(reads: Read[], seconds: number): ReadersMeasured {
  const statusCodes: Record<string, number> = {};
  for (const read of reads) statusCodes[read.status || "none"] = (statusCodes[read.status || "none"] ?? 0) + 1;
  const ok = reads.filter((read) => read.status >= 200 && read.status < 300);
  const perSec = (list: Read[]) => round1(list.length / seconds);
  const latencies = reads.filter((read) => read.status > 0).map((read) => read.ms).sort((a, b) => a - b);
  return {
    readsPerSec: perSec(ok),
    insightsPerSec: perSec(ok.filter((read) => read.kind === "insights")),
    statementsPerSec: perSec(ok.filter((read) => read.kind === "statement")),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    reads: reads.length,
    non2xx: reads.filter((read) => read.status > 0 && (read.status < 200 || read.status >= 300)).length,
    errors: reads.filter((read) => read.status === 0).length,
    statusCodes,
  };
}

/**
 * `count` readers on the server at `url`, each as a random one of the customers `tokens` belong
 * to (token i is user index i's, bench/support/endpoints.ts), alternating insights and statements.
 * With `perSec` 0, a closed loop: each asks again as soon as it has its answer, so what they get
 * done per second is itself a figure — but a replica that answers sooner then gets more asked of
 * it, and the app's instance more work. With `perSec`, together they start at most that many reads
 * a second (each reader one every count ÷ perSec s), the same load wherever the reads are served.
 */
export function startReaders(url: string, tokens: string[], count: number, perSec = 0): Readers {
  const reads: Read[] = [];
  let stopped = false;
  const startedAt = performance.now();
  const reader = async (first: number) => {
    let due = performance.now() + (perSec > 0 ? (first * 1000) / perSec : 0);
    for (let n = first; !stopped; n += 1) {
      if (due > performance.now()) await sleep(due - performance.now());
      due += perSec > 0 ? (count * 1000) / perSec : 0;
      if (stopped) break;
      const customer = crypto.randomInt(tokens.length);
      const kind: ReadKind = n % 2 === 0 ? "insights" : "statement";
      const started = performance.now();
      let status = 0;
      try {
        const wallet = walletId(customer, crypto.randomInt(CURRENCIES.length));
        status = kind === "insights" ? await readInsights(url, tokens[customer]) : await readStatement(url, tokens[customer], wallet);
      } catch {
        // Counted as an error; the pause keeps a server that refuses connections from spinning the loop.
        await sleep(100);
      }
      reads.push({ kind, status, ms: performance.now() - started, endedAt: performance.now() });
    }
  };
  const readers = Array.from({ length: count }, (_, k) => reader(k));
  return {
    async stop() {
      const stoppedAt = performance.now();
      stopped = true;
      await Promise.all(readers);
      return measuredReads(reads.filter((read) => read.endedAt <= stoppedAt), (stoppedAt - startedAt) / 1000);
    },
  };
}

/** The standby's lag as the primary saw it over a measured window, sampled every SAMPLE_MS. */
export type ReplicationSeen = {
  samples: number;
  /** Samples in which the standby was not streaming (or not connected at all). */
  notStreaming: number;
  /** WAL the primary had flushed and the standby had yet to replay (what the app's rule waits for). */
  lagBytesMedian: number;
  lagBytesMax: number;
  /** pg_stat_replication's replay_lag: flushed on the primary until replayed on the standby. */
  replayLagMsMax: number;
};

const SAMPLE_MS = 200;

const LAG = `SELECT state, pg_wal_lsn_diff(pg_current_wal_flush_lsn(), replay_lsn)::float8 AS bytes,
  (EXTRACT(EPOCH FROM replay_lag) * 1000)::float8 AS ms
  FROM pg_stat_replication WHERE application_name = $1`;

/** Samples the standby `standby`'s lag on the primary at `primaryUrl` until stopped; `mark` starts the window over. */
export function watchReplication(primaryUrl: string, standby: string): { mark(): void; stop(): Promise<ReplicationSeen> } {
  const samples: { bytes: number; ms: number; streaming: boolean }[] = [];
  let stopped = false;
  const watch = async () => {
    const client = new pg.Client({ connectionString: primaryUrl });
    await client.connect();
    try {
      while (!stopped) {
        const { rows } = await client.query<{ state: string; bytes: number | null; ms: number | null }>(LAG, [standby]);
        const row = rows[0];
        samples.push({ bytes: row?.bytes ?? 0, ms: row?.ms ?? 0, streaming: row?.state === "streaming" });
        await sleep(SAMPLE_MS);
      }
    } finally {
      await client.end();
    }
  };
  // Held until stop() asks for it: a failure then fails the run, never as an unhandled rejection.
  const watching = watch().then(
    () => undefined,
    (error: unknown) => error,
  );
  return {
    mark() {
      samples.length = 0;
    },
    async stop() {
      stopped = true;
      const failure = await watching;
      if (failure) throw failure;
      const bytes = samples.map((sample) => sample.bytes).sort((a, b) => a - b);
      return {
        samples: samples.length,
        notStreaming: samples.filter((sample) => !sample.streaming).length,
        lagBytesMedian: percentile(bytes, 0.5),
        lagBytesMax: Math.round(bytes.at(-1) ?? 0),
        replayLagMsMax: Math.round(Math.max(0, ...samples.map((sample) => sample.ms))),
      };
    },
  };
}

/**
 * The app's count of reads that could use the replica, by where they went (`replica/fresh`,
 * `primary/behind`, `primary/down`, …), from the instance's /api/metrics (bearer `token`).
 */
export async function replicaReadCounts(url: string, token: string): Promise<Record<string, number>> {
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url}/api/metrics answered ${res.status}`);
  const counts: Record<string, number> = {};
  for (const [, labels, value] of (await res.text()).matchAll(/^minibank_replica_reads_total\{([^}]*)\}\s+(\S+)$/gm)) {
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels)?.[1] ?? "?";
    counts[`${label("target")}/${label("reason")}`] = Number(value);
  }
  return counts;
}

/** What the counts grew by from `before` to `after`. */
export function countsSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).flatMap(([key, value]) => (value > (before[key] ?? 0) ? [[key, value - (before[key] ?? 0)]] : [])));
}
