import fc from "fast-check";
import { drivesTheClock } from "./clock-oracles";
import { conformance, METHODS, operationsOf, requestArbitraries, seedFor, type Check, type DocumentedOperation, type Finding, type GeneratedOptions, type Sample } from "./generated";
import { curlOf, send, type Reply, type Request } from "./http";
import { SchemaArbitraries } from "./schema-arbitrary";

type Failures = Map<Check, string[]>;
const add = (failures: Failures, check: Check, ...lines: string[]) => failures.set(check, [...(failures.get(check) ?? []), ...lines]);

/** One operation's run: where its failures and counts go, and how many examples each property gets. */
type OperationRun = { options: GeneratedOptions; name: string; numRuns: number; failures: Failures; counts: { valid: number; broken: number } };

/** One property over the operation's inputs: every answer keeps to the document and to `judge`; the shrunk failure is kept. */
async function property(run: OperationRun, kind: "valid" | "broken", arbitrary: fc.Arbitrary<Sample>, judge: (sample: Sample, reply: Reply) => Finding[]) {
  const { options, failures, counts } = run;
  let last: { sample: Sample; findings: Finding[] } | null = null;
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (sample) => {
      counts[kind] += 1;
      const reply = await send(options.baseUrl, sample.request);
      const findings = [...conformance(options.document, sample.request, reply), ...judge(sample, reply)];
      if (findings.length === 0) return true;
      last = { sample, findings: findings.map((f) => ({ ...f, problem: `${f.problem}${sample.how ? ` (input: ${sample.how})` : ""}` })) };
      return false;
    }),
    { seed: seedFor(options.seed, `${kind} ${run.name}`), numRuns: run.numRuns, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false },
  );
  const failed = last as { sample: Sample; findings: Finding[] } | null;
  if (result.failed && failed) {
    for (const finding of failed.findings) {
      add(failures, finding.check, finding.problem, `shrunk after ${result.numShrinks} steps; reproduce: ${curlOf(options.baseUrl, failed.sample.request)}`);
    }
  }
}

/** A secured operation refuses a missing and a malformed token with 401. */
async function tokenChecks({ options, failures }: OperationRun, example: Sample) {
  for (const [what, token] of [
    ["no token", undefined],
    ["a malformed token", "not.a.token"],
  ] as const) {
    const request = { ...example.request, token };
    const reply = await send(options.baseUrl, request);
    for (const f of conformance(options.document, request, reply)) add(failures, f.check, f.problem);
    if (reply.status !== 401) add(failures, "ignored_auth", `${what} answered ${reply.status}, not 401`, `reproduce: ${curlOf(options.baseUrl, request)}`);
  }
}

/** Without a header the document requires the request is malformed, whatever else it says: 400. */
async function requiredHeaderChecks({ options, failures }: OperationRun, op: DocumentedOperation, example: Sample) {
  for (const p of (op.operation.parameters ?? []).filter((q) => q.in === "header" && q.required)) {
    const request = structuredClone(example.request);
    delete request.headers[p.name];
    const reply = await send(options.baseUrl, request);
    if (reply.status !== 400) {
      add(failures, "missing_required_header", `without the required header ${p.name} answered ${reply.status}`, `reproduce: ${curlOf(options.baseUrl, request)}`);
    }
  }
}

/**
 * Every generated check of one operation. `refusalCodes` counts the codes the server answers input
 * that breaks the schema with, learnt from the broken inputs: a valid input answered with the
 * commonest was refused as if it were invalid.
 */
async function checkOperation(options: GeneratedOptions, arbitraries: SchemaArbitraries, op: DocumentedOperation, refusalCodes: Map<string, number>) {
  const name = `${op.method} ${op.path}`;
  const { valid, broken, exact } = requestArbitraries(arbitraries, op, options.token);
  const limited = Boolean(op.operation.responses?.["429"]);
  const numRuns = limited ? Math.min(options.limitedExamples, options.maxExamples) : options.maxExamples;
  const run: OperationRun = { options, name, numRuns, failures: new Map(), counts: { valid: 0, broken: 0 } };
  const refusalCode = () => [...refusalCodes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];

  if (broken.length) {
    await property(run, "broken", fc.oneof(...broken), (_sample, reply) => {
      if (reply.status >= 200 && reply.status < 300) return [{ check: "negative_data_rejection", problem: `accepted with ${reply.status}` }];
      const code = (reply.body as { code?: unknown } | null)?.code;
      if (reply.status === 400 && typeof code === "string") refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
      return [];
    });
  }
  await property(run, "valid", valid, (_sample, reply) => {
    const code = (reply.body as { code?: unknown } | null)?.code;
    if (exact && reply.status === 400 && code !== undefined && code === refusalCode()) {
      return [{ check: "positive_data_acceptance", problem: `input the document accepts was refused as invalid: ${reply.text.slice(0, 200)}` }];
    }
    return [];
  });

  const [example] = fc.sample(valid, { seed: seedFor(options.seed, `example ${name}`), numRuns: 1 });
  if (op.secured && example) await tokenChecks(run, example);
  if (example) await requiredHeaderChecks(run, op, example);

  const label = `generated ${name}: ${run.counts.valid} valid and ${run.counts.broken} broken inputs`;
  if (run.failures.size === 0) options.record(label, []);
  for (const [check, problems] of run.failures) options.record(`${label}: ${check}`, problems);
}

/** Runs every generated check over every operation (or those `only` keeps). */
export async function runGenerated(options: GeneratedOptions): Promise<void> {
  const arbitraries = new SchemaArbitraries(options.document.doc, options.pool);
  const operations = operationsOf(options.document).filter((op) => options.only(op.method, op.path) && !drivesTheClock(op.path));
  const refusalCodes = new Map<string, number>();
  for (const op of operations) await checkOperation(options, arbitraries, op, refusalCodes);
  await unsupportedMethods(options, operations);
}

/** Every path answers a method it does not document with 405 and an Allow header naming those it does. */
async function unsupportedMethods(options: GeneratedOptions, operations: DocumentedOperation[]): Promise<void> {
  const byPath = new Map<string, DocumentedOperation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const arbitraries = new SchemaArbitraries(options.document.doc, options.pool);
  for (const [path, ops] of byPath) {
    const documented = ops.map((op) => op.method);
    const [sample] = fc.sample(requestArbitraries(arbitraries, ops[0], options.token).valid, { seed: options.seed, numRuns: 1 });
    const problems: string[] = [];
    for (const method of METHODS.map((m) => m.toUpperCase()).filter((m) => !documented.includes(m))) {
      const request: Request = { ...sample.request, method, body: undefined };
      const reply = await send(options.baseUrl, request);
      const allow = (reply.headers.get("allow") ?? "")
        .split(",")
        .map((m) => m.trim().toUpperCase())
        .filter(Boolean);
      if (reply.status !== 405) problems.push(`${method} answered ${reply.status}, not 405; reproduce: ${curlOf(options.baseUrl, request)}`);
      else if (!documented.every((m) => allow.includes(m))) problems.push(`${method}: Allow is '${reply.headers.get("allow") ?? ""}', not listing ${documented.join(", ")}`);
    }
    options.record(`unsupported methods on ${path}: 405 with Allow: ${documented.join(", ")}${problems.length ? ": unsupported_method" : ""}`, problems);
  }
}
