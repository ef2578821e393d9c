/**
 * Interleaved rounds and their medians. On a shared 2-core machine one long run after another
 * drifts by ±30 %, so each set-up is measured in several short rounds; in every round the
 * reference (the bare route) and each subject are measured one after the other, and a subject's
 * figure is the median over rounds of its ratio to the reference IN THAT ROUND, with the spread
 * (min–max of the per-round ratios) beside it. p50 and p99 are medians over rounds; a p99 is
 * judged by the median of the per-round p99 ÷ the reference's p99. With a baseline (another
 * checkout, BENCH_BASELINE_ROOT), each endpoint is also measured on it in the same round, and its
 * figure adds the median of the per-round ratios this app ÷ the baseline.
 */
import { CROSS, NO_READERS, READERS_ON_PRIMARY, READERS_ON_REPLICA, TRANSFERS } from "./endpoints";
import type { Endpoint, Measured } from "./load";
import { unexpected } from "./load";
import type { PgLimitMeasured } from "./pg-limit";
import type { ReadersMeasured, ReplicationSeen } from "./readers";
import { median } from "./stats";

export type Round = {
  bare: Measured;
  endpoints: Record<string, Measured>;
  /** The same endpoints on the baseline checkout's app, in the same round (BENCH_BASELINE_ROOT). */
  baseline?: Record<string, Measured>;
  /** The one-statement transfer straight through `pg` (PostgreSQL set-ups only). */
  pgLimit?: PgLimitMeasured;
  /**
   * The replica set-up's (bench/support/replica.ts), by subject: its readers' figures, the
   * standby's lag over its measure, and where the instance's replica reads went (warm-up included).
   */
  readers?: Record<string, ReadersMeasured>;
  replication?: Record<string, ReplicationSeen>;
  replicaReads?: Record<string, Record<string, number>>;
};

/** Median and min–max of per-round values. */
export type Stat = { median: number; min: number; max: number };

/** An endpoint on the baseline checkout's app, beside this one's. */
export type BaselineFigure = {
  /** This app's req/s ÷ the baseline's, per round. */
  ratio: Stat;
  /** The baseline's req/s ÷ the bare route's, per round. */
  ofBare: Stat;
  /** Medians over rounds. */
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Summed over rounds. */
  requests: number;
  non2xx: number;
  unexpected: number;
  errors: number;
};

export type Figure = {
  setup: string;
  endpoint: string;
  /** req/s ÷ the bare route's req/s, per round. */
  ratio: Stat;
  /** Medians over rounds. */
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The bare route's p99 (median over the same rounds) and p99 ÷ bare p99 per round. */
  bareP99: number;
  p99Ratio: Stat;
  /** The machine's busy share of CPU while it was measured (load.ts), median over rounds; null off Linux. */
  busy: number | null;
  /** Cross-currency transfers ÷ same-currency transfers, per round. */
  ofSameCurrency?: Stat;
  /** Same-currency transfers ÷ the one-statement transfers/s through `pg`, per round. */
  ofPgLimit?: Stat;
  /** Summed over rounds. */
  requests: number;
  non2xx: number;
  unexpected: number;
  errors: number;
  statusCodes: Record<string, number>;
  baseline?: BaselineFigure;
};

export type PgLimitFigure = { transfersPerSec: Stat; p50: number; p99: number; refused: number; retried: number };

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function stat(values: number[]): Stat {
  return { median: round3(median(values)), min: round3(Math.min(...values)), max: round3(Math.max(...values)) };
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The median busy share over rounds, or null when a round has none (no /proc, or a result from before it was measured). */
function busyOf(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === "number");
  return known.length === values.length && known.length > 0 ? median(known) : null;
}

/** The figures of one set-up's rounds, one per endpoint. */
export function summarise(setup: string, endpoints: Endpoint[], rounds: Round[]): Figure[] {
  const per = (pick: (round: Round) => number) => rounds.map(pick);
  return endpoints.map((endpoint) => {
    const of = (round: Round) => round.endpoints[endpoint.name];
    const statusCodes: Record<string, number> = {};
    for (const round of rounds) {
      for (const [code, count] of Object.entries(of(round).statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
    const figure: Figure = {
      setup,
      endpoint: endpoint.name,
      ratio: stat(per((r) => of(r).reqPerSec / r.bare.reqPerSec)),
      reqPerSec: Math.round(median(per((r) => of(r).reqPerSec))),
      p50: median(per((r) => of(r).p50)),
      p99: median(per((r) => of(r).p99)),
      bareP99: median(per((r) => r.bare.p99)),
      p99Ratio: stat(per((r) => of(r).p99 / r.bare.p99)),
      busy: busyOf(rounds.map((r) => of(r).busy)),
      requests: sumOf(per((r) => of(r).requests)),
      non2xx: sumOf(per((r) => of(r).non2xx)),
      unexpected: sumOf(per((r) => unexpected(endpoint, of(r)))),
      errors: sumOf(per((r) => of(r).errors)),
      statusCodes,
    };
    if (endpoint.name === CROSS && rounds.every((r) => r.endpoints[TRANSFERS])) {
      figure.ofSameCurrency = stat(per((r) => of(r).reqPerSec / r.endpoints[TRANSFERS].reqPerSec));
    }
    if (endpoint.name === TRANSFERS && rounds.every((r) => r.pgLimit)) {
      figure.ofPgLimit = stat(per((r) => of(r).reqPerSec / (r.pgLimit?.transfersPerSec ?? Number.NaN)));
    }
    const baseline = summariseBaseline(endpoint, rounds);
    if (baseline) figure.baseline = baseline;
    return figure;
  });
}

/** An endpoint's figure on the baseline, when every round measured it there. */
function summariseBaseline(endpoint: Endpoint, rounds: Round[]): BaselineFigure | undefined {
  const pairs = rounds.flatMap((r) => {
    const base = r.baseline?.[endpoint.name];
    return base ? [{ app: r.endpoints[endpoint.name], base, bare: r.bare }] : [];
  });
  if (!pairs.length || pairs.length < rounds.length) return undefined;
  const per = (pick: (pair: (typeof pairs)[number]) => number) => pairs.map(pick);
  return {
    ratio: stat(per((p) => p.app.reqPerSec / p.base.reqPerSec)),
    ofBare: stat(per((p) => p.base.reqPerSec / p.bare.reqPerSec)),
    reqPerSec: Math.round(median(per((p) => p.base.reqPerSec))),
    p50: median(per((p) => p.base.p50)),
    p99: median(per((p) => p.base.p99)),
    requests: sumOf(per((p) => p.base.requests)),
    non2xx: sumOf(per((p) => p.base.non2xx)),
    unexpected: sumOf(per((p) => unexpected(endpoint, p.base))),
    errors: sumOf(per((p) => p.base.errors)),
  };
}

export function summarisePgLimit(rounds: Round[]): PgLimitFigure | undefined {
  const measured = rounds.flatMap((r) => (r.pgLimit ? [r.pgLimit] : []));
  if (!measured.length) return undefined;
  const transfersPerSec = stat(measured.map((m) => m.transfersPerSec));
  return {
    transfersPerSec: { ...transfersPerSec, median: Math.round(transfersPerSec.median) },
    p50: median(measured.map((m) => m.p50)),
    p99: median(measured.map((m) => m.p99)),
    refused: sumOf(measured.map((m) => m.refused)),
    retried: sumOf(measured.map((m) => m.retried)),
  };
}

/**
 * One subject's readers over the replica set-up's rounds: what each round measured of them
 * (ReadersMeasured: rates and latencies as medians over rounds, counts summed) and of the standby
 * (ReplicationSeen: the median of the rounds' median lags, the largest seen, not-streaming samples
 * summed), with the reads per second as a Stat and where the replica reads went, summed.
 */
export type ReadersFigure = Omit<ReadersMeasured, "readsPerSec" | "statusCodes"> &
  Omit<ReplicationSeen, "samples"> & {
    subject: string;
    readsPerSec: Stat;
    replicaReads: Record<string, number>;
  };

export type ReplicaFigure = {
  readers: number;
  /** The reads a second the readers were to start in all; 0: as fast as they were answered. */
  readsPerSecAsked: number;
  /** Per round: transfers/s with the readers on the replica ÷ with them on the primary; p99 likewise. */
  replicaOverPrimary: Stat;
  p99ReplicaOverPrimary: Stat;
  /** Per round: transfers/s with the readers ÷ with none, the readers on the primary and on the replica. */
  primaryOverNone: Stat;
  replicaOverNone: Stat;
  subjects: ReadersFigure[];
};

/** The replica set-up's own figures (`readers`: how many ran, at `readsPerSecAsked`), when every round has them. */
export function summariseReplica(rounds: Round[], readers: number, readsPerSecAsked: number): ReplicaFigure | undefined {
  if (!rounds.length || !rounds.every((r) => r.readers && r.replication)) return undefined;
  const transfers = (name: string) => rounds.map((r) => r.endpoints[name]);
  const [none, primary, replica] = [NO_READERS, READERS_ON_PRIMARY, READERS_ON_REPLICA].map(transfers);
  const ratios = (a: Measured[], b: Measured[], pick: (m: Measured) => number) => stat(a.map((m, i) => pick(m) / pick(b[i])));
  const subjects = [READERS_ON_PRIMARY, READERS_ON_REPLICA].map((subject): ReadersFigure => {
    const read = rounds.map((r) => r.readers?.[subject]).filter((m) => m !== undefined);
    const lag = rounds.map((r) => r.replication?.[subject]).filter((m) => m !== undefined);
    const replicaReads: Record<string, number> = {};
    for (const counts of rounds.map((r) => r.replicaReads?.[subject] ?? {})) {
      for (const [key, count] of Object.entries(counts)) replicaReads[key] = (replicaReads[key] ?? 0) + count;
    }
    return {
      subject,
      readsPerSec: stat(read.map((m) => m.readsPerSec)),
      insightsPerSec: median(read.map((m) => m.insightsPerSec)),
      statementsPerSec: median(read.map((m) => m.statementsPerSec)),
      p50: median(read.map((m) => m.p50)),
      p99: median(read.map((m) => m.p99)),
      reads: sumOf(read.map((m) => m.reads)),
      non2xx: sumOf(read.map((m) => m.non2xx)),
      errors: sumOf(read.map((m) => m.errors)),
      replicaReads,
      lagBytesMedian: median(lag.map((m) => m.lagBytesMedian)),
      lagBytesMax: Math.max(...lag.map((m) => m.lagBytesMax)),
      replayLagMsMax: Math.max(...lag.map((m) => m.replayLagMsMax)),
      notStreaming: sumOf(lag.map((m) => m.notStreaming)),
    };
  });
  return {
    readers,
    readsPerSecAsked,
    replicaOverPrimary: ratios(replica, primary, (m) => m.reqPerSec),
    p99ReplicaOverPrimary: ratios(replica, primary, (m) => m.p99),
    primaryOverNone: ratios(primary, none, (m) => m.reqPerSec),
    replicaOverNone: ratios(replica, none, (m) => m.reqPerSec),
    subjects,
  };
}
