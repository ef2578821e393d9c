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
import { CROSS, TRANSFERS } from "./endpoints";
import type { Endpoint, Measured } from "./load";
import { unexpected } from "./load";
import type { PgLimitMeasured } from "./pg-limit";

export type Round = {
  bare: Measured;
  endpoints: Record<string, Measured>;
  /** The same endpoints on the baseline checkout's app, in the same round (BENCH_BASELINE_ROOT). */
  baseline?: Record<string, Measured>;
  /** The one-statement transfer straight through `pg` (PostgreSQL set-ups only). */
  pgLimit?: PgLimitMeasured;
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function stat(values: number[]): Stat {
  return { median: round3(median(values)), min: round3(Math.min(...values)), max: round3(Math.max(...values)) };
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

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
