import crypto from "node:crypto";
import fc from "fast-check";
import { commandCodes, smtpCodes, type CodeSource } from "./codes";
import { compareSeen, Correspondence, describeDifference, type Difference } from "./diff-compare";
import { labelOf, Side, stepsArb, type Step } from "./diff-steps";
import { EnvironmentError, isEnvironment } from "./outcome";

/**
 * The differential run (`npm run contract -- --diff <A> <B>`): the same seeded sequences of
 * customers' steps against two backends, step by step, each answer of A held against B's
 * (scripts/contract/diff-compare.ts: status, fields, amounts, order; ids by correspondence, tokens
 * and times by shape). Every sequence starts from three users of its own on each side, so a
 * sequence repeats alone; the first difference is shrunk by fast-check — steps dropped, amounts made
 * smaller — only while the same difference remains (the same kind at the same operation), and
 * printed as the shortest sequence with the curl lines of both sides.
 */

export type DiffConfig = {
  a: string;
  b: string;
  seeds: number[];
  sequences: number;
  steps: number;
  /** Both backends send their sign-in mail to this SMTP port, unless `codeFrom` prints the codes. */
  smtpPort: number;
  codeFrom?: string;
  print: (line: string) => void;
};

/** A difference found by a sequence: at which of its steps, and the script that shows it. */
type Found = { difference: Difference; steps: Step[]; length: number; scripts: { a: string[]; b: string[] } };

const signature = (d: Difference) => `${d.kind} at ${d.operation}`;

/** Runs one sequence on both sides; the first difference, or null. */
async function sequence(config: DiffConfig, codes: CodeSource, name: string, steps: Step[]): Promise<Found | null> {
  // Addresses of each side's own: the two sign-ins of a user go on at once, each reading its own code.
  const [a, b] = (["A", "B"] as const).map((side) => new Side(side, side === "A" ? config.a : config.b, codes, (u) => `contract.d${u}${side.toLowerCase()}.${name}@example.com`));
  const pairs = new Correspondence();
  const [startA, startB] = await Promise.all([a.start(), b.start()]);
  const started = compareSeen(startA, startB, pairs);
  if (started) return { difference: started, steps: [], length: steps.length, scripts: { a: a.script, b: b.script } };
  for (const [i, step] of steps.entries()) {
    const key = `diff-${name}-${i}`;
    // The two sides are apart: each takes the step at the same time, its own requests in order.
    const [seenA, seenB] = await Promise.all([a.perform(step, key), b.perform(step, key)]);
    const difference = compareSeen(seenA, seenB, pairs);
    // The steps after it are never sent: the sequence that shows it ends here.
    if (difference) return { difference, steps: steps.slice(0, i + 1), length: steps.length, scripts: { a: a.script, b: b.script } };
  }
  return null;
}

type SeedResult = { ok: true } | { ok: false; environment: boolean; problems: string[] };

/** One seed: `sequences` sequences; the first difference shrunk to the shortest sequence that shows it. */
async function oneSeed(config: DiffConfig, codes: CodeSource, run: string, seed: number): Promise<SeedResult> {
  let first: Found | null = null;
  let shortest: Found | null = null;
  let environment: EnvironmentError | null = null;
  let executions = 0;
  const result = await fc.check(
    fc.asyncProperty(stepsArb(config.steps), async (steps) => {
      // Once the environment failed, nothing more is learnt about the backends.
      if (environment && !first) return true;
      executions += 1;
      try {
        const found = await sequence(config, codes, `${run}s${seed}n${executions}`, steps);
        if (!found) return true;
        // While shrinking, a sequence that differs some other way is not the difference being shrunk.
        if (first && signature(found.difference) !== signature(first.difference)) return true;
        first ??= found;
        shortest = found;
        return false;
      } catch (error) {
        if (!isEnvironment(error)) throw error;
        environment ??= error;
        return true;
      }
    }),
    { seed, numRuns: config.sequences, interruptAfterTimeLimit: 300_000, markInterruptAsFailure: false },
  );
  // Assigned inside the property: read as what they may be, not as the null they started as.
  const [f, s, stopped] = [first as Found | null, shortest as Found | null, environment as EnvironmentError | null];
  if (result.failed && f && s) {
    return {
      ok: false,
      environment: false,
      problems: [
        `first difference, at step ${f.steps.length} of a sequence of ${f.length}: ${describeDifference(f.difference)}`,
        `shrunk to ${s.steps.length} ${s.steps.length === 1 ? "step" : "steps"} after ${result.numShrinks} shrinks, differing the same way: ${describeDifference(s.difference)}`,
        "steps:",
        ...s.steps.map((step, i) => `  ${i + 1}. ${labelOf(step)}`),
        "A:",
        ...s.scripts.a.map((line) => `  ${line}`),
        "B:",
        ...s.scripts.b.map((line) => `  ${line}`),
      ],
    };
  }
  if (result.failed) return { ok: false, environment: false, problems: [`the run itself failed: ${result.errorInstance instanceof Error ? result.errorInstance.stack : String(result.errorInstance)}`] };
  if (stopped) return { ok: false, environment: true, problems: [`stopped by the environment, not the backends: ${stopped.message}`] };
  return { ok: true };
}

/** Every seed; one line each, then the summary. Exit code: 0 alike, 1 a difference, 3 only the environment stopped it. */
export async function runDiff(config: DiffConfig): Promise<number> {
  const { print } = config;
  let codes: CodeSource;
  try {
    codes = config.codeFrom ? commandCodes(config.codeFrom) : await smtpCodes(config.smtpPort);
  } catch (error) {
    print(`ENV   the suite's SMTP listener on 127.0.0.1:${config.smtpPort}\n        ${(error as Error).message} (--smtp-port, or --code-from)`);
    return 3;
  }
  const run = Date.now().toString(36) + crypto.randomBytes(3).toString("hex");
  print(`diff A ${config.a}, B ${config.b}`);
  const tally = { passed: 0, failed: [] as number[], environment: [] as number[] };
  try {
    for (const seed of config.seeds) {
      const name = `diff: seed ${seed}, ${config.sequences} sequences of up to ${config.steps} steps, A and B answer alike`;
      const result = await oneSeed(config, codes, run, seed);
      if (result.ok) {
        tally.passed += 1;
        print(`ok    ${name}`);
      } else {
        (result.environment ? tally.environment : tally.failed).push(seed);
        print(`${result.environment ? "ENV " : "FAIL"}  ${name}\n        ${result.problems.join("\n        ")}`);
      }
    }
  } finally {
    await codes.close();
  }
  if (config.seeds.length > 1) {
    print(`seeds ${config.seeds[0]}..${config.seeds.at(-1)}: ${config.seeds.length} run, differing: ${tally.failed.join(", ") || "none"}${tally.environment.length ? `; stopped by the environment: ${tally.environment.join(", ")}` : ""}`);
  }
  print(`${tally.passed} passed, ${tally.failed.length} failed${tally.environment.length ? `, ${tally.environment.length} not checked (environment)` : ""}`);
  return tally.failed.length ? 1 : tally.environment.length ? 3 : 0;
}
