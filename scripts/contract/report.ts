import type { ContractDocument } from "./document";

/**
 * What the run saw, for the coverage matrix (operation × documented status × documented error
 * code), and the run's results as JUnit XML or JSON.
 */

/**
 * One line per check: what was asked, what was expected, and why it failed. `environment`: it
 * could not be checked for a reason outside the server (reported apart, never as the server's).
 */
export type Result = { name: string; ok: boolean; problems: string[]; environment?: boolean };

/** The failures that are the server's, and the checks the environment kept from running. */
export const tally = (results: Result[]) => ({
  failed: results.filter((r) => !r.ok && !r.environment).length,
  environment: results.filter((r) => r.environment).length,
  passed: results.filter((r) => r.ok).length,
});

const seen = new Set<string>();

/** Notes one answer of an operation (every request of every phase passes through here). */
export function observe(method: string, path: string, status: number, body: unknown): void {
  const code = typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "string" ? (body as { code: string }).code : "";
  seen.add(`${method.toUpperCase()} ${path} ${status} ${code}`);
  seen.add(`${method.toUpperCase()} ${path} ${status} `);
}

const waits: string[] = [];

/** Notes a documented 429/503 whose Retry-After the run waited for before sending again. */
export function noteWait(method: string, path: string, status: number, ms: number): void {
  waits.push(`${method.toUpperCase()} ${path} ${status}: waited ${Math.ceil(ms / 1000)} s`);
}

/** The waits of the run so far, one line each. */
export const waitsSoFar = (): string[] => [...waits];

export type CoverageRow = { operation: string; status: string; code: string | null; observed: boolean; unprovokable?: string };

type ErrorSchema = { allOf?: ErrorSchema[]; properties?: { code?: { enum?: unknown[] } } };
const codesOf = (schema: ErrorSchema | undefined): string[] =>
  (schema?.properties?.code?.enum as string[] | undefined) ?? (schema?.allOf ?? []).flatMap((part) => codesOf(part));

/**
 * Every documented (operation, status, code), whether the run observed it, and, for one it did not,
 * why it cannot be provoked from outside when it cannot (`why`).
 */
export function coverage(document: ContractDocument, why: (operation: string, status: string, code: string | null) => string | null = () => null): CoverageRow[] {
  const rows: CoverageRow[] = [];
  const paths = (document.doc.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: ErrorSchema }> }> }>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operation = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const codes = codesOf(response.content?.["application/json"]?.schema);
        const row = (code: string | null, observed: boolean): CoverageRow => {
          const reason = observed ? null : why(operation, status, code);
          return { operation, status, code, observed, ...(reason ? { unprovokable: reason } : {}) };
        };
        if (codes.length === 0) rows.push(row(null, seen.has(`${operation} ${status} `)));
        for (const code of codes) rows.push(row(code, seen.has(`${operation} ${status} ${code}`)));
      }
    }
  }
  return rows;
}

/** The matrix as lines: one per operation, each documented answer seen (+), not provokable from outside (~) or missing (-). */
export function coverageLines(rows: CoverageRow[]): string[] {
  const byOperation = new Map<string, CoverageRow[]>();
  for (const row of rows) byOperation.set(row.operation, [...(byOperation.get(row.operation) ?? []), row]);
  const mark = (c: CoverageRow) => (c.observed ? "+" : c.unprovokable ? "~" : "-");
  const lines = [...byOperation].map(([operation, cells]) => `  ${operation}: ${cells.map((c) => `${mark(c)}${c.status}${c.code ? ` ${c.code}` : ""}`).join(", ")}`);
  const observed = rows.filter((r) => r.observed).length;
  const reasons = new Map<string, number>();
  for (const r of rows) if (r.unprovokable) reasons.set(r.unprovokable, (reasons.get(r.unprovokable) ?? 0) + 1);
  const missing = rows.filter((r) => !r.observed && !r.unprovokable).length;
  return [
    `coverage: ${observed} of ${rows.length} documented answers observed (+ seen, ~ not provokable from outside, - never seen); ${missing} missing`,
    ...lines,
    ...[...reasons].map(([reason, n]) => `  ~ ${n}: ${reason}`),
  ];
}

/** What became of one documented answer in the run. */
export type Verdict = "observed" | "not provokable" | "missing";
const verdictOf = (row: CoverageRow): Verdict => (row.observed ? "observed" : row.unprovokable ? "not provokable" : "missing");

/** The coverage counts: documented answers, and how many the run observed, could not provoke, missed. */
export function coverageCounts(rows: CoverageRow[]): { answers: number; observed: number; unprovokable: number; missing: number } {
  const count = (verdict: Verdict) => rows.filter((r) => verdictOf(r) === verdict).length;
  return { answers: rows.length, observed: count("observed"), unprovokable: count("not provokable"), missing: count("missing") };
}

/**
 * The coverage matrix for a team to read: every operation × documented answer (its status, and
 * for an error the code the document names) as observed, not provokable (why) or missing, in JSON
 * and in Markdown (the missing answers first: what a run could still reach).
 */
export function coverageReport(rows: CoverageRow[], seed: number): { json: string; markdown: string } {
  const counts = coverageCounts(rows);
  const operations = [...new Set(rows.map((r) => r.operation))].map((operation) => ({
    operation,
    answers: rows
      .filter((r) => r.operation === operation)
      .map((r) => ({ status: r.status, code: r.code, verdict: verdictOf(r), ...(r.unprovokable ? { reason: r.unprovokable } : {}) })),
  }));
  const json = `${JSON.stringify({ seed, ...counts, operations }, null, 2)}\n`;
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const answer = (r: CoverageRow) => `${r.status}${r.code ? ` ${r.code}` : ""}`;
  const missing = rows.filter((r) => verdictOf(r) === "missing");
  // Each reason once, numbered; an answer not provokable names its reason's number.
  const reasons = [...new Set(rows.flatMap((r) => (r.unprovokable ? [r.unprovokable] : [])))];
  const named = (verdict: Verdict, cells: CoverageRow[]) =>
    cells
      .filter((r) => verdictOf(r) === verdict)
      .map((r) => (verdict === "not provokable" ? `${answer(r)} (${reasons.indexOf(r.unprovokable!) + 1})` : answer(r)))
      .join(", ");
  const markdown = [
    "# Contract coverage",
    "",
    `Seed ${seed}. Of ${counts.answers} documented answers (each operation's documented statuses, an error status once per code the document names for it): ` +
      `${counts.observed} observed, ${counts.unprovokable} not provokable from outside, **${counts.missing} missing**.`,
    "",
    "## Missing",
    "",
    ...(missing.length ? ["| operation | answer |", "|---|---|", ...missing.map((r) => `| \`${r.operation}\` | ${cell(answer(r))} |`)] : ["None."]),
    "",
    "## Every operation",
    "",
    "| operation | observed | missing | not provokable (why: below) |",
    "|---|---|---|---|",
    ...operations.map(({ operation }) => {
      const cells = rows.filter((r) => r.operation === operation);
      return `| \`${operation}\` | ${cell(named("observed", cells))} | ${cell(named("missing", cells))} | ${cell(named("not provokable", cells))} |`;
    }),
    "",
    "## Why not provokable",
    "",
    ...reasons.map((reason, i) => `${i + 1}. ${reason}`),
    "",
  ].join("\n");
  return { json, markdown };
}

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function junitReport(results: Result[], seed: number): string {
  const { failed, environment } = tally(results);
  // A check the environment kept from running is a JUnit error, a broken promise of the server's a failure.
  const outcome = (r: Result) => {
    if (r.ok) return "";
    const tag = r.environment ? "error" : "failure";
    return `<${tag} message="${xml(r.problems[0] ?? "failed")}">${xml(r.problems.join("\n"))}</${tag}>`;
  };
  const cases = results.map((r) => `    <testcase classname="contract" name="${xml(r.name)}">${outcome(r)}</testcase>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${results.length}" failures="${failed}" errors="${environment}">`,
    `  <testsuite name="npm run contract" tests="${results.length}" failures="${failed}" errors="${environment}">`,
    `    <properties><property name="seed" value="${seed}"/></properties>`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export function jsonReport(results: Result[], seed: number, rows: CoverageRow[]): string {
  const { passed, failed, environment } = tally(results);
  return `${JSON.stringify({ seed, passed, failed, environment, results, coverage: rows }, null, 2)}\n`;
}
