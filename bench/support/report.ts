/**
 * What `npm run bench` prints: the table of medians, the database's own limit beside the
 * PostgreSQL set-ups, the replica set-up's readers and lag, and the target verdicts (ratios,
 * medians over rounds; a missed target is reported, it does not fail the run); with a baseline
 * checkout, the table of this app against it.
 */
import { CROSS, HEALTH, HISTORY, ORDER, READERS_ON_PRIMARY, READERS_ON_REPLICA, TRANSFERS, WALLET } from "./endpoints";
import type { Figure, PgLimitFigure, ReplicaFigure, Stat } from "./rounds";
import { POSTGRES_1, POSTGRES_2, POSTGRES_FRESH, POSTGRES_REPLICA, SQLITE } from "./setups";

export type Verdict = { setup: string; figure: string; value: number; op: "≥" | "≤"; bound: number; met: boolean };

const fixed = (x: number) => x.toFixed(2);
const spread = (s: Stat) => `${fixed(s.min)}–${fixed(s.max)}`;

const byOrder = (a: Figure, b: Figure) => a.setup.localeCompare(b.setup) || ORDER.indexOf(a.endpoint) - ORDER.indexOf(b.endpoint);

function printColumns(head: string[], lines: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd();
  console.log(fmt(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
}

/** This app against the baseline checkout, endpoint by endpoint (figures without one are left out). */
export function printBaselineTable(figures: Figure[], root: string): void {
  const compared = [...figures].sort(byOrder).flatMap((f) => (f.baseline ? [{ f, b: f.baseline }] : []));
  if (!compared.length) return;
  console.log(`
against the baseline ${root} (same rounds; medians over rounds, spread = min–max of the per-round ratios)`);
  const head = ["setup", "endpoint", "× baseline", "spread", "× bare", "base × bare", "p50 ms", "base p50", "p99 ms", "base p99", "base non-2xx", "base errors"];
  const lines = compared.map(({ f, b }) => {
    return [
      f.setup,
      f.endpoint,
      fixed(b.ratio.median),
      spread(b.ratio),
      fixed(f.ratio.median),
      fixed(b.ofBare.median),
      String(f.p50),
      String(b.p50),
      String(f.p99),
      String(b.p99),
      String(b.non2xx),
      String(b.errors),
    ];
  });
  printColumns(head, lines);
}

export function printTable(figures: Figure[], limits: Record<string, PgLimitFigure | undefined>): void {
  const sorted = [...figures].sort(byOrder);
  const head = ["setup", "endpoint", "req/s", "× bare", "spread", "p50 ms", "p99 ms", "bare p99", "p99 × bare", "cpu busy", "other ratio", "non-2xx", "errors"];
  const lines = sorted.map((f) => {
    const other = f.ofSameCurrency
      ? `${fixed(f.ofSameCurrency.median)} (${spread(f.ofSameCurrency)}) × same-ccy`
      : f.ofPgLimit
        ? `${fixed(f.ofPgLimit.median)} (${spread(f.ofPgLimit)}) × pg limit`
        : "";
    return [
      f.setup,
      f.endpoint,
      String(f.reqPerSec),
      fixed(f.ratio.median),
      spread(f.ratio),
      String(f.p50),
      String(f.p99),
      String(f.bareP99),
      fixed(f.p99Ratio.median),
      f.busy === null ? "—" : `${Math.round(f.busy * 100)} %`,
      other,
      f.non2xx ? `${f.non2xx} (${JSON.stringify(f.statusCodes)})` : "0",
      String(f.errors),
    ];
  });
  printColumns(head, lines);
  for (const [setup, limit] of Object.entries(limits)) {
    if (!limit) continue;
    const t = limit.transfersPerSec;
    console.log(
      `${setup}: one-statement transfer through pg, ${t.median}/s (${t.min}–${t.max}), p50 ${limit.p50} ms, p99 ${limit.p99} ms` +
        (limit.retried ? `, ${limit.retried} deadlocks retried` : ""),
    );
  }
}

/** The replica set-up: transfers with the readers on the replica against on the primary, and the readers themselves. */
export function printReplica(setup: string, figure: ReplicaFigure): void {
  const ratio = (s: Stat) => `${fixed(s.median)} (${spread(s)})`;
  const pace = figure.readsPerSecAsked > 0 ? `starting ${figure.readsPerSecAsked} reads/s in all` : "each as fast as it is answered";
  console.log(`
${setup}, ${figure.readers} readers (insights and CSV statements, ${pace}) on the instance the transfers go to:
  transfers/s with the readers on the replica ÷ on the primary ${ratio(figure.replicaOverPrimary)}, p99 ${ratio(figure.p99ReplicaOverPrimary)}
  transfers/s with readers ÷ with none: readers on the primary ${ratio(figure.primaryOverNone)}, on the replica ${ratio(figure.replicaOverNone)}`);
  const head = ["readers", "reads/s", "spread", "insights/s", "statements/s", "p50 ms", "p99 ms", "non-2xx", "errors", "replica reads went to", "lag median kB", "lag max kB", "replay lag max ms"];
  const kB = (bytes: number) => (bytes / 1024).toFixed(1);
  const lines = figure.subjects.map((f) => [
    f.subject.replace(/^.*, /, ""),
    String(f.readsPerSec.median),
    `${f.readsPerSec.min}–${f.readsPerSec.max}`,
    String(f.insightsPerSec),
    String(f.statementsPerSec),
    String(f.p50),
    String(f.p99),
    String(f.non2xx),
    String(f.errors),
    Object.entries(f.replicaReads).map(([where, count]) => `${where} ${count}`).join(", ") || "—",
    kB(f.lagBytesMedian),
    kB(f.lagBytesMax),
    String(f.replayLagMsMax) + (f.notStreaming ? ` (${f.notStreaming} samples not streaming)` : ""),
  ]);
  printColumns(head, lines);
}

/** Every target, as a ratio (median over rounds); a set-up that did not run has no verdicts. */
export function verdicts(figures: Figure[]): Verdict[] {
  const find = (setup: string, endpoint: string) => figures.find((f) => f.setup === setup && f.endpoint === endpoint);
  const out: Verdict[] = [];
  const check = (setup: string, figure: string, value: number | undefined, op: "≥" | "≤", bound: number | undefined) => {
    if (value === undefined || bound === undefined) return;
    out.push({ setup, figure, value, op, bound, met: op === "≥" ? value >= bound : value <= bound });
  };
  const ofBare = (setup: string, endpoint: string) => find(setup, endpoint)?.ratio.median;
  const p99 = (setup: string, endpoint: string) => find(setup, endpoint)?.p99Ratio.median;

  for (const [endpoint, bound] of [[HEALTH, 0.9], [WALLET, 0.8], [HISTORY, 0.75], [TRANSFERS, 0.5]] as const) {
    check(SQLITE, `${endpoint} × bare`, ofBare(SQLITE, endpoint), "≥", bound);
  }
  check(SQLITE, `${TRANSFERS} p99 × bare p99`, p99(SQLITE, TRANSFERS), "≤", 4);
  for (const setup of [POSTGRES_1, POSTGRES_FRESH]) {
    check(setup, `${WALLET} × bare`, ofBare(setup, WALLET), "≥", 0.6);
    check(setup, `${TRANSFERS} × bare`, ofBare(setup, TRANSFERS), "≥", 0.35);
    check(setup, `${TRANSFERS} p99 × bare p99`, p99(setup, TRANSFERS), "≤", 4);
  }
  // Two instances add up: at least 1.3 times one instance's transfers, the p99 within 4 × bare's.
  const single = ofBare(POSTGRES_1, TRANSFERS);
  check(POSTGRES_2, `${TRANSFERS} × bare, against 1.3 × ${POSTGRES_1}'s`, ofBare(POSTGRES_2, TRANSFERS), "≥", single && 1.3 * single);
  check(POSTGRES_2, `${TRANSFERS} p99 × bare p99`, p99(POSTGRES_2, TRANSFERS), "≤", 4);
  // "The same within noise": the history costs no more than a tenth.
  const fresh = ofBare(POSTGRES_FRESH, TRANSFERS);
  check(POSTGRES_1, `${TRANSFERS} × bare, against 0.9 × ${POSTGRES_FRESH}'s`, ofBare(POSTGRES_1, TRANSFERS), "≥", fresh && 0.9 * fresh);
  for (const setup of [SQLITE, POSTGRES_1, POSTGRES_2]) {
    check(setup, `${CROSS} × same-currency`, find(setup, CROSS)?.ofSameCurrency?.median, "≥", 0.5);
  }
  // The reads on the replica leave the primary to the transfers: more of them get through.
  const onPrimary = ofBare(POSTGRES_REPLICA, READERS_ON_PRIMARY);
  check(POSTGRES_REPLICA, `${READERS_ON_REPLICA} × bare, against ${READERS_ON_PRIMARY}'s`, ofBare(POSTGRES_REPLICA, READERS_ON_REPLICA), "≥", onPrimary);
  return out;
}

export function printVerdicts(list: Verdict[]): void {
  console.log("\ntargets (medians over rounds):");
  for (const v of list) {
    console.log(`  ${v.met ? "met    " : "not met"}  ${v.setup}  ${v.figure}: ${fixed(v.value)} ${v.op} ${fixed(v.bound)}`);
  }
}

/** Answers nobody meant and client errors: they make a figure meaningless, whatever its value. */
export function failures(figures: Figure[]): string[] {
  const app = figures
    .filter((f) => f.unexpected || f.errors)
    .map((f) => `${f.setup} ${f.endpoint}: ${f.unexpected} unexpected non-2xx, ${f.errors} errors`);
  const baseline = figures.flatMap(({ setup, endpoint, baseline: b }) =>
    b && (b.unexpected || b.errors) ? [`${setup} ${endpoint} (baseline): ${b.unexpected} unexpected non-2xx, ${b.errors} errors`] : [],
  );
  return [...app, ...baseline];
}
