import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { runBoundaries } from "./boundary";
import { ContractClient } from "./client";
import { runClockChecks } from "./clock-oracles";
import { commandCodes, smtpCodes, type CodeSource } from "./codes";
import type { ContractDocument } from "./document";
import { runGenerated } from "./generated-run";
import type { Limits } from "./limits";
import { unprovokable } from "./knowledge";
import { runLimits } from "./limits-phase";
import { lintDocument } from "./lint";
import { runOracles } from "./oracles";
import { coverage, coverageCounts, coverageLines, coverageReport, jsonReport, junitReport, tally, waitsSoFar } from "./report";
import { OPERATIONS, runScenario } from "./scenario";
import { runStateful } from "./stateful";
import { poolOf, signIn } from "./session";
import { writeReplays } from "./replay";
import { MOST_REPLAYS, tapedCodes } from "./tape";

/**
 * One run of the suite against a base URL: the deterministic phases once (lint, scenario, oracles, boundaries),
 * then the seeded ones (generated, stateful) for every seed asked for, each seed with users of its
 * own so that it repeats alone (`--seed n`). The report ends with the seeds that failed, the
 * coverage matrix, the waits the server asked for, and the summary; the exit code is 1 when the
 * server failed a check, 3 when only the environment kept checks from running, 0 otherwise.
 */

export const PHASES = ["lint", "scenario", "oracles", "boundaries", "generated", "stateful", "limits", "clock"] as const;
/** Every phase but the limits phase, which uses the server's limits up and runs only when asked for. */
export const DEFAULT_PHASES = PHASES.filter((p) => p !== "limits");
export type Phase = (typeof PHASES)[number];

export type RunConfig = {
  baseUrl: string;
  document: ContractDocument;
  phases: Phase[];
  seeds: number[];
  maxExamples: number;
  sequences: number;
  steps: number;
  limits: Limits;
  clockSkewMs: number;
  only: (method: string, path: string) => boolean;
  smtpPort: number;
  codeFrom?: string;
  botToken?: string;
  jwtSecret?: string;
  junit?: string;
  json?: string;
  /** Where a failing check's replay goes (beside the reports when not given). */
  replayDir?: string;
};

const SEEDED: Phase[] = ["generated", "stateful"];

async function onePass(api: ContractClient, config: RunConfig, codes: CodeSource, seed: number, run: string, phases: Phase[]): Promise<void> {
  const { baseUrl, document } = config;
  if (phases.includes("scenario")) {
    for (const operation of OPERATIONS) {
      const [method, path] = operation.split(" ");
      api.record(`the document describes ${operation}`, document.operation(method, path) ? [] : ["missing"]);
    }
    await runScenario(api, { codes, botToken: config.botToken, documents: (method, path) => document.operation(method, path) !== undefined });
  }
  if (phases.includes("oracles")) {
    await runOracles(api, { baseUrl, document, codes, run, seed, jwtSecret: config.jwtSecret, clockSkewMs: config.clockSkewMs }).catch((error: unknown) => api.stopped("oracles: stopped", error));
  }
  if (phases.includes("limits")) {
    await runLimits(api, { baseUrl, document, codes, run, seed, clockSkewMs: config.clockSkewMs }, config.limits).catch((error: unknown) => api.stopped("limits: stopped", error));
  }
  if (phases.includes("boundaries")) {
    try {
      const person = await signIn(baseUrl, codes, `contract.bd.${run}@example.com`);
      await runBoundaries({ baseUrl, document, token: person.tokens.access_token, pool: poolOf([person]), seed, record: (name, problems) => api.record(name, problems) });
    } catch (error) {
      api.stopped("boundaries: stopped", error);
    }
  }
  if (phases.includes("generated")) {
    try {
      const person = await signIn(baseUrl, codes, `contract.g.${run}@example.com`);
      await runGenerated({
        baseUrl,
        document,
        seed,
        maxExamples: config.maxExamples,
        limitedExamples: 5,
        token: person.tokens.access_token,
        pool: poolOf([person]),
        only: config.only,
        record: (name, problems) => api.record(name, problems),
      });
    } catch (error) {
      api.stopped("generated runs: stopped", error);
    }
  }
  if (phases.includes("stateful")) {
    await runStateful({
      baseUrl,
      document,
      codes,
      run,
      seed,
      sequences: config.sequences,
      steps: config.steps,
      limits: config.limits,
      clockSkewMs: config.clockSkewMs,
      record: (name, problems) => api.record(name, problems),
      environment: (name, problems) => api.environment(name, problems),
      note: (line) => console.log(`note  ${line}`),
    }).catch((error: unknown) => api.stopped("stateful runs: stopped", error));
  }
}

/** Runs the phases; the exit code (0 passed, 1 the server failed, 3 only the environment did). */
export async function runSuite(config: RunConfig): Promise<number> {
  const api = new ContractClient(config.baseUrl, config.document, (line) => console.log(line));
  const [firstSeed] = config.seeds;
  if (config.phases.includes("lint")) {
    const findings = await lintDocument(JSON.stringify(config.document.doc));
    api.record(`the document passes Spectral (spectral:oas and the suite's rules): ${findings.length} findings`, findings.map((f) => `${f.severity} ${f.code} at ${f.path}: ${f.message}`));
  }
  let codes: CodeSource;
  try {
    codes = tapedCodes(config.codeFrom ? commandCodes(config.codeFrom) : await smtpCodes(config.smtpPort));
  } catch (error) {
    api.environment(`the suite's SMTP listener on 127.0.0.1:${config.smtpPort}`, [`${(error as Error).message} (--smtp-port, or --code-from)`]);
    return finish(api, config, []);
  }
  const run = Date.now().toString(36) + crypto.randomBytes(3).toString("hex");
  const bySeed: { seed: number; failed: number; environment: number }[] = [];
  try {
    await onePass(api, config, codes, firstSeed, run, config.phases.filter((p) => p !== "lint" && !SEEDED.includes(p)));
    for (const seed of config.seeds) {
      if (config.seeds.length > 1) console.log(`== seed ${seed}`);
      const before = tally(api.results);
      await onePass(api, config, codes, seed, config.seeds.length > 1 ? `${run}s${seed}` : run, config.phases.filter((p) => SEEDED.includes(p)));
      const after = tally(api.results);
      bySeed.push({ seed, failed: after.failed - before.failed, environment: after.environment - before.environment });
    }
    // Last: it moves the server's clock (scripts/contract/clock-oracles.ts).
    if (config.phases.includes("clock")) {
      const options = { baseUrl: config.baseUrl, document: config.document, codes, run, seed: firstSeed, jwtSecret: config.jwtSecret, clockSkewMs: config.clockSkewMs };
      await runClockChecks(api, options).catch((error: unknown) => api.stopped("clock: stopped", error));
    }
  } finally {
    await codes.close();
  }
  return finish(api, config, bySeed);
}

function finish(api: ContractClient, config: RunConfig, bySeed: { seed: number; failed: number; environment: number }[]): number {
  const rows = coverage(config.document, unprovokable);
  for (const line of coverageLines(rows)) console.log(line);
  const waits = waitsSoFar();
  console.log(`honoured Retry-After: ${waits.length} ${waits.length === 1 ? "wait" : "waits"}${waits.length ? ` (${waits.join("; ")})` : ""}`);
  const seedsOf = (pick: (s: (typeof bySeed)[number]) => number) => bySeed.filter((s) => pick(s) > 0).map((s) => s.seed);
  if (config.seeds.length > 1) {
    const failing = seedsOf((s) => s.failed);
    const stopped = seedsOf((s) => s.environment);
    console.log(`seeds ${config.seeds[0]}..${config.seeds.at(-1)}: ${config.seeds.length} run, failing: ${failing.join(", ") || "none"}${stopped.length ? `; stopped by the environment: ${stopped.join(", ")}` : ""}`);
    if (failing.length) console.log(`repeat one alone with --seed ${failing[0]}`);
  }
  const seed = config.seeds[0];
  for (const report of [config.junit, config.json]) if (report) fs.mkdirSync(path.dirname(report), { recursive: true });
  if (config.junit) {
    fs.writeFileSync(config.junit, junitReport(api.results, seed));
    // Beside the JUnit file: report.xml → report.coverage.md and report.coverage.json.
    const { json, markdown } = coverageReport(rows, seed);
    const base = config.junit.replace(/\.xml$/i, "");
    fs.writeFileSync(`${base}.coverage.md`, markdown);
    fs.writeFileSync(`${base}.coverage.json`, json);
  }
  if (config.json) fs.writeFileSync(config.json, jsonReport(api.results, seed, rows));
  const { passed, failed, environment } = tally(api.results);
  const { missing, answers } = coverageCounts(rows);
  const replays = writeReplays(config.replayDir ?? [config.json, config.junit].map((f) => f && path.dirname(f)).find(Boolean), config.baseUrl);
  if (replays.length) {
    console.log(`replays of the failing checks${failed > MOST_REPLAYS ? ` (the first ${MOST_REPLAYS})` : ""}: npm run contract -- --replay <file.json> <base-url>, or sh <file.sh> <base-url>`);
    for (const file of replays) console.log(`  ${file}`);
  }
  console.log(config.seeds.length > 1 ? `seeds ${config.seeds[0]}..${config.seeds.at(-1)}` : `seed ${seed}`);
  console.log(`${passed} passed, ${failed} failed${environment ? `, ${environment} not checked (environment)` : ""}; ${missing} of ${answers} documented answers missing from the coverage`);
  return failed ? 1 : environment ? 3 : 0;
}
