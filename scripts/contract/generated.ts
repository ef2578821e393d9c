import fc from "fast-check";
import type { ContractDocument } from "./document";
import { curlOf, send, type Reply, type Request } from "./http";
import { isExact, SchemaArbitraries, type Broken, type Pool, type Schema } from "./schema-arbitrary";

/**
 * Generated runs: for every operation of the document, inputs its schemas accept and inputs they
 * refuse in one place, sent over HTTP and held to the checks below; a failing input is shrunk by
 * fast-check to the smallest one that still fails and printed as a curl line.
 */

export const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
  "positive_data_acceptance",
  "missing_required_header",
  "unsupported_method",
  "ignored_auth",
] as const;
export type Check = (typeof CHECKS)[number];

export type Finding = { check: Check; problem: string };
/** How a generated phase reports: one line per operation and check. */
export type Recorder = (name: string, problems: string[]) => void;

type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
};

export type DocumentedOperation = { method: string; path: string; operation: Operation; secured: boolean };

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Every operation of the document, in its order. */
export function operationsOf(document: ContractDocument): DocumentedOperation[] {
  const doc = document.doc as { paths?: Record<string, Record<string, Operation>>; security?: unknown[] };
  const out: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      out.push({ method: method.toUpperCase(), path, operation, secured: (operation.security ?? doc.security ?? []).length > 0 });
    }
  }
  return out;
}

/** The answer's problems under the document, by check. */
export function conformance(document: ContractDocument, request: Request, reply: Reply): Finding[] {
  const findings: Finding[] = [];
  // 500 is never an answer; 502/503/504 are when the document promises them (a rate or the mail
  // relay temporarily unavailable).
  const documented = document.operation(request.method, request.path)?.responses?.[String(reply.status)] !== undefined;
  if (reply.status === 500 || (reply.status > 500 && !documented)) {
    findings.push({ check: "not_a_server_error", problem: `answered ${reply.status}: ${reply.text.slice(0, 200)}` });
  }
  for (const problem of document.check(request.method, request.path, reply)) {
    const check: Check = problem.startsWith("status")
      ? "status_code_conformance"
      : problem.startsWith("content-type")
        ? "content_type_conformance"
        : problem.startsWith("header")
          ? "response_headers_conformance"
          : "response_schema_conformance";
    findings.push({ check, problem });
  }
  return findings;
}

export type GeneratedOptions = {
  baseUrl: string;
  document: ContractDocument;
  seed: number;
  maxExamples: number;
  /** A valid access token for the secured operations. */
  token: string;
  pool: Pool;
  /** Only these operations ("METHOD /path"); all when empty. */
  only: (method: string, path: string) => boolean;
  record: Recorder;
  /** Operations that answer 429: fewer examples, so that the run does not use up its own limits. */
  limitedExamples: number;
};

/** A stable per-operation seed from the run's seed, so one operation reruns alone with the same input. */
function seedFor(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i += 1) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

type Sample = { request: Request; how?: string };

/**
 * Whether a header value reaches the server as it was written: HTTP drops the spaces and tabs
 * around a field value, so "  " arrives empty and " k" arrives as "k" — such a value says nothing
 * about the schema it was drawn for.
 */
function arrivesAsSent(value: unknown): boolean {
  const text = String(value);
  return text === text.replace(/^[ \t]+|[ \t]+$/g, "");
}

/** Builds the valid and broken request arbitraries of one operation. */
function requestArbitraries(arbitraries: SchemaArbitraries, op: DocumentedOperation, token: string) {
  const params = (op.operation.parameters ?? []).filter((p) => p.in !== "cookie");
  const body = op.operation.requestBody?.content?.["application/json"]?.schema;
  const withToken = op.secured ? { token } : {};
  const location = { path: "params", query: "query", header: "headers" } as const;

  const valid: fc.Arbitrary<Sample> = fc
    .record({
      parts: fc.tuple(
        ...params.map((p) => {
          const value =
            p.in === "path"
              ? // A path segment is never empty, and "." or ".." would be resolved away by the URL.
                arbitraries
                  .valid({ ...arbitraries.resolve(p.schema ?? {}), minLength: Math.max(1, arbitraries.resolve(p.schema ?? {}).minLength ?? 0) })
                  .filter((v) => v !== "." && v !== "..")
              : p.in === "header"
                ? arbitraries.valid(p.schema ?? {}).filter(arrivesAsSent)
                : arbitraries.valid(p.schema ?? {});
          return p.required || p.in === "path" ? value.map((v) => [p, v] as const) : fc.option(value, { nil: undefined }).map((v) => [p, v] as const);
        }),
      ),
      body: body ? arbitraries.valid(body) : fc.constant(undefined),
    })
    .map(({ parts, body: b }) => {
      const request: Request = { method: op.method, path: op.path, params: {}, query: {}, headers: {}, body: b, ...withToken };
      for (const [p, v] of parts) {
        if (v === undefined || p.in === "cookie") continue;
        if (p.in === "header") request.headers[p.name] = String(v);
        else request[location[p.in]][p.name] = v;
      }
      return { request };
    });

  const broken: fc.Arbitrary<Sample>[] = [];
  const put = (request: Request, p: Parameter, value: unknown) => {
    if (p.in === "header") request.headers[p.name] = String(value);
    else if (p.in !== "cookie") request[location[p.in]][p.name] = value;
  };
  for (const p of params) {
    for (const arb of arbitraries.broken(p.schema ?? {}, `${p.in} parameter ${p.name}`, true)) {
      // Nor may a broken path segment be "." or "..": the URL resolves them away before sending.
      const sendable =
        p.in === "path"
          ? arb.filter((b: Broken) => b.value !== "." && b.value !== "..")
          : p.in === "header"
            ? arb.filter((b: Broken) => arrivesAsSent(b.value))
            : arb;
      broken.push(
        fc.tuple(valid, sendable).map(([sample, b]: [Sample, Broken]) => {
          const request = structuredClone(sample.request);
          put(request, p, b.value);
          return { request, how: b.how };
        }),
      );
    }
    if (p.required && p.in === "query") {
      broken.push(
        valid.map((sample) => {
          const request = structuredClone(sample.request);
          delete request.query[p.name];
          return { request, how: `required query parameter ${p.name} missing` };
        }),
      );
    }
  }
  if (body) {
    for (const arb of arbitraries.broken(body, "body")) {
      broken.push(fc.tuple(valid, arb).map(([sample, b]) => ({ request: { ...structuredClone(sample.request), body: b.value }, how: b.how })));
    }
  }
  // Optional headers (an idempotency key) are opaque tokens: they do not make an input inexact.
  const pinned = params.filter((p) => p.in !== "header" || p.required).map((p) => p.schema ?? {});
  return { valid, broken, exact: [...pinned, ...(body ? [body] : [])].every((s) => isExact(arbitraries, s)) };
}

/** One valid request of the operation, the same for the same seed. */
export function exampleRequest(document: ContractDocument, op: DocumentedOperation, token: string, pool: Pool, seed: number): Request {
  const arbitraries = new SchemaArbitraries(document.doc, pool);
  return fc.sample(requestArbitraries(arbitraries, op, token).valid, { seed: seedFor(seed, `example ${op.method} ${op.path}`), numRuns: 1 })[0].request;
}

/** Runs every generated check over every operation (or those `only` keeps). */
export async function runGenerated(options: GeneratedOptions): Promise<void> {
  const { baseUrl, document, record } = options;
  const arbitraries = new SchemaArbitraries(document.doc, options.pool);
  const operations = operationsOf(document).filter((op) => options.only(op.method, op.path));
  // The code a server answers input that breaks the schema with, learnt from the broken inputs:
  // a valid input answered with it was refused as if it were invalid.
  const refusalCodes = new Map<string, number>();
  const refusalCode = () => [...refusalCodes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];

  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    const { valid, broken, exact } = requestArbitraries(arbitraries, op, options.token);
    const limited = Boolean(op.operation.responses?.["429"]);
    const numRuns = limited ? Math.min(options.limitedExamples, options.maxExamples) : options.maxExamples;
    const failures = new Map<Check, string[]>();
    const counts = { valid: 0, broken: 0 };

    const property = async (kind: "valid" | "broken", arbitrary: fc.Arbitrary<Sample>, judge: (sample: Sample, reply: Reply) => Finding[]) => {
      let last: { sample: Sample; findings: Finding[] } | null = null;
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (sample) => {
          counts[kind] += 1;
          const reply = await send(baseUrl, sample.request);
          const findings = [...conformance(document, sample.request, reply), ...judge(sample, reply)];
          if (findings.length === 0) return true;
          last = { sample, findings: findings.map((f) => ({ ...f, problem: `${f.problem}${sample.how ? ` (input: ${sample.how})` : ""}` })) };
          return false;
        }),
        { seed: seedFor(options.seed, `${kind} ${name}`), numRuns, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false },
      );
      const failed = last as { sample: Sample; findings: Finding[] } | null;
      if (result.failed && failed) {
        for (const finding of failed.findings) {
          const lines = failures.get(finding.check) ?? [];
          lines.push(finding.problem, `shrunk after ${result.numShrinks} steps; reproduce: ${curlOf(baseUrl, failed.sample.request)}`);
          failures.set(finding.check, lines);
        }
      }
    };

    if (broken.length) {
      await property("broken", fc.oneof(...broken), (sample, reply) => {
        if (reply.status >= 200 && reply.status < 300) return [{ check: "negative_data_rejection", problem: `accepted with ${reply.status}` }];
        const code = (reply.body as { code?: unknown } | null)?.code;
        if (reply.status === 400 && typeof code === "string") refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
        return [];
      });
    }
    await property("valid", valid, (_sample, reply) => {
      const code = (reply.body as { code?: unknown } | null)?.code;
      if (exact && reply.status === 400 && code !== undefined && code === refusalCode()) {
        return [{ check: "positive_data_acceptance", problem: `input the document accepts was refused as invalid: ${reply.text.slice(0, 200)}` }];
      }
      return [];
    });

    const [example] = fc.sample(valid, { seed: seedFor(options.seed, `example ${name}`), numRuns: 1 });
    if (op.secured && example) {
      for (const [what, token] of [
        ["no token", undefined],
        ["a malformed token", "not.a.token"],
      ] as const) {
        const request = { ...example.request, token };
        const reply = await send(baseUrl, request);
        for (const f of conformance(document, request, reply)) failures.set(f.check, [...(failures.get(f.check) ?? []), f.problem]);
        if (reply.status !== 401) {
          failures.set("ignored_auth", [...(failures.get("ignored_auth") ?? []), `${what} answered ${reply.status}, not 401`, `reproduce: ${curlOf(baseUrl, request)}`]);
        }
      }
    }
    for (const p of (op.operation.parameters ?? []).filter((q) => q.in === "header" && q.required)) {
      if (!example) break;
      const request = structuredClone(example.request);
      delete request.headers[p.name];
      const reply = await send(baseUrl, request);
      // Without a header the document requires the request is malformed, whatever else it says.
      if (reply.status !== 400) {
        failures.set("missing_required_header", [
          ...(failures.get("missing_required_header") ?? []),
          `without the required header ${p.name} answered ${reply.status}`,
          `reproduce: ${curlOf(baseUrl, request)}`,
        ]);
      }
    }

    const label = `generated ${name}: ${counts.valid} valid and ${counts.broken} broken inputs`;
    if (failures.size === 0) record(label, []);
    for (const [check, problems] of failures) record(`${label}: ${check}`, problems);
  }

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
