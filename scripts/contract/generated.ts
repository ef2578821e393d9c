import fc from "fast-check";
import type { ContractDocument } from "./document";
import type { Reply, Request } from "./http";
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

export const METHODS = ["get", "put", "post", "delete", "patch"] as const;

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
export function seedFor(seed: number, key: string): number {
  let h = seed | 0;
  for (let i = 0; i < key.length; i += 1) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

export type Sample = { request: Request; how?: string };

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
export function requestArbitraries(arbitraries: SchemaArbitraries, op: DocumentedOperation, token: string) {
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
