import type { ContractDocument } from "./document";
import { drivesTheClock } from "./clock-oracles";
import { conformance, exampleRequest, operationsOf, type DocumentedOperation, type Recorder } from "./generated";
import { curlOf, send, type Request } from "./http";
import { isExact, SchemaArbitraries, type Pool, type Schema } from "./schema-arbitrary";

/**
 * The boundary phase, deterministic, as Schemathesis' coverage phase: every bound the document
 * sets on an input — minimum and maximum (exclusive too), minLength and maxLength, the lengths a
 * simple pattern fixes (`^[A-Z]{16,64}$`), the first and last value of an enum — is sent exactly,
 * and one past it, in an otherwise valid request; so are a body that is not JSON and, where the
 * operation documents 413, one far too large. One past a bound is never accepted (2xx); the bound
 * itself is never refused as invalid input where the document pins the input exactly; every
 * answer keeps to the document.
 */

type Edge = { value: unknown; valid: boolean; how: string };

/** `^<class>{m,n}$` (or `{m}`) and a character of the class, when the pattern is that simple. */
function simplePattern(pattern: string): { char: string; min: number; max: number } | null {
  const match = /^\^(\\d|\\w|\[([^\]]+)\])\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (!match) return null;
  const char = match[1] === "\\d" ? "7" : match[1] === "\\w" ? "k" : (/[A-Za-z0-9]/.exec(match[2] ?? "")?.[0] ?? "");
  if (!char || !new RegExp(`^${match[1]}$`).test(char)) return null;
  return { char, min: Number(match[3]), max: Number(match[4] ?? match[3]) };
}

/** The bounds of one schema, each exactly and one past. `asText`: an empty value cannot travel. */
export function edgesOf(schema: Schema, asText: boolean): Edge[] {
  const edges: Edge[] = [];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (schema.enum?.length) {
    const [first, last] = [schema.enum[0], schema.enum.at(-1)];
    edges.push({ value: first, valid: true, how: `the first of the enum, ${JSON.stringify(first)}` }, { value: last, valid: true, how: `the last of the enum, ${JSON.stringify(last)}` });
    if (typeof first === "string" && !schema.enum.includes(first.toLowerCase())) edges.push({ value: first.toLowerCase(), valid: false, how: `${JSON.stringify(first.toLowerCase())}, the enum's first in another case` });
    return edges;
  }
  if (type === "integer" || type === "number") {
    const step = type === "integer" ? 1 : 0.5;
    const safe = (n: number) => type !== "integer" || Number.isSafeInteger(n);
    if (schema.minimum !== undefined && safe(schema.minimum - step)) edges.push({ value: schema.minimum, valid: true, how: `minimum ${schema.minimum}` }, { value: schema.minimum - step, valid: false, how: `below minimum ${schema.minimum}` });
    if (schema.exclusiveMinimum !== undefined) {
      edges.push({ value: schema.exclusiveMinimum + step, valid: true, how: `just above exclusiveMinimum ${schema.exclusiveMinimum}` }, { value: schema.exclusiveMinimum, valid: false, how: `exclusiveMinimum ${schema.exclusiveMinimum} itself` });
    }
    if (schema.maximum !== undefined && safe(schema.maximum + step)) {
      edges.push({ value: schema.maximum, valid: true, how: `maximum ${schema.maximum}` }, { value: schema.maximum + step, valid: false, how: `above maximum ${schema.maximum}` });
    }
    return edges;
  }
  if (type !== "string") return edges;
  const simple = schema.pattern ? simplePattern(schema.pattern) : null;
  const char = simple?.char ?? (schema.pattern ? null : "k");
  if (!char) return edges;
  const min = Math.max(simple?.min ?? 0, schema.minLength ?? 0);
  const max = Math.min(simple?.max ?? Infinity, schema.maxLength ?? Infinity);
  if (min > 0 || !asText) edges.push({ value: char.repeat(min), valid: true, how: `the shortest, ${min} characters` });
  if (min > 0 && (min > 1 || !asText)) edges.push({ value: char.repeat(min - 1), valid: false, how: `shorter than ${min} characters` });
  if (Number.isFinite(max) && max <= 10_000) edges.push({ value: char.repeat(max), valid: true, how: `the longest, ${max} characters` }, { value: char.repeat(max + 1), valid: false, how: `longer than ${max} characters` });
  return edges;
}

type Spot = { where: string; schema: Schema; put: (request: Request, value: unknown) => void; asText: boolean; unique?: boolean };

/** A JSON body far past any sensible limit (the document names 413 for bodies over its own). */
const OVERSIZED = `{"pad":"${"x".repeat(256 * 1024)}"}`;

/** The whole body's edges: not JSON at all, and far too large where the operation documents 413. */
function bodyEdges(op: DocumentedOperation): (Edge & { expect?: number })[] {
  if (!op.operation.requestBody?.content?.["application/json"]) return [];
  const edges: (Edge & { expect?: number })[] = [{ value: "{", valid: false, how: "a body that is not JSON" }];
  if (op.operation.responses?.["413"]) edges.push({ value: OVERSIZED, valid: false, how: `a body of ${OVERSIZED.length} bytes`, expect: 413 });
  return edges;
}

let drawn = 0;
/**
 * A free header value (an Idempotency-Key) of the edge's length, but never one sent before: a
 * repeated key with another body would be refused as a conflict, whatever its length.
 */
const uniqueOf = (value: string) => `${(drawn += 1).toString(36)}${value}`.slice(0, value.length);

/** Every place of an operation's input that has bounds: parameters and the body's top-level properties. */
function spotsOf(arbitraries: SchemaArbitraries, op: DocumentedOperation): Spot[] {
  const spots: Spot[] = [];
  for (const p of (op.operation.parameters ?? []).filter((q) => q.in !== "cookie")) {
    const put = (request: Request, value: unknown) => {
      if (p.in === "header") request.headers[p.name] = String(value);
      else (p.in === "path" ? request.params : request.query)[p.name] = value;
    };
    const schema = arbitraries.resolve(p.schema ?? {});
    spots.push({ where: `${p.in} parameter ${p.name}`, schema, put, asText: true, unique: p.in === "header" && !schema.pattern && !schema.enum });
  }
  const body = op.operation.requestBody?.content?.["application/json"]?.schema;
  const resolved = body ? arbitraries.resolve(body) : null;
  for (const [name, property] of Object.entries(resolved?.properties ?? {})) {
    const put = (request: Request, value: unknown) => (request.body = { ...(request.body as object), [name]: value });
    spots.push({ where: `body property ${name}`, schema: arbitraries.resolve(property), put, asText: false });
  }
  return spots;
}

export type BoundaryOptions = { baseUrl: string; document: ContractDocument; token: string; pool: Pool; seed: number; record: Recorder };

/** One line per operation with bounds: the edges sent, and what went wrong at any of them. */
export async function runBoundaries(options: BoundaryOptions): Promise<void> {
  const { baseUrl, document } = options;
  const arbitraries = new SchemaArbitraries(document.doc, options.pool);
  for (const op of operationsOf(document).filter((o) => !drivesTheClock(o.path))) {
    const spots = spotsOf(arbitraries, op);
    const body = op.operation.requestBody?.content?.["application/json"]?.schema;
    const pinned = (op.operation.parameters ?? []).filter((p) => p.in !== "header" || p.required).map((p) => p.schema ?? {});
    const exact = [...pinned, ...(body ? [body] : [])].every((s) => isExact(arbitraries, s));
    const problems: string[] = [];
    let sent = 0;
    const refusalCodes = new Map<unknown, number>();
    const results: { edge: Edge; where: string; request: Request; status: number; code: unknown }[] = [];
    // Without the example's own Idempotency-Key: every edge is a new request, not a conflicting resend.
    const example = { ...exampleRequest(document, op, options.token, options.pool, options.seed), headers: {} };
    for (const spot of spots) {
      for (const edge of edgesOf(spot.schema, spot.asText)) {
        const request = structuredClone(example);
        spot.put(request, spot.unique && typeof edge.value === "string" ? uniqueOf(edge.value) : edge.value);
        const reply = await send(baseUrl, request);
        sent += 1;
        const code = (reply.body as { code?: unknown } | null)?.code;
        for (const f of conformance(document, request, reply)) problems.push(`${spot.where} ${edge.how}: ${f.check}: ${f.problem}`);
        if (!edge.valid && reply.status >= 200 && reply.status < 300) problems.push(`${spot.where} ${edge.how}: accepted with ${reply.status}; reproduce: ${curlOf(baseUrl, request)}`);
        if (!edge.valid && reply.status === 400) refusalCodes.set(code, (refusalCodes.get(code) ?? 0) + 1);
        results.push({ edge, where: spot.where, request, status: reply.status, code });
      }
    }
    for (const edge of bodyEdges(op)) {
      const request: Request = { ...structuredClone(example), body: undefined, rawBody: String(edge.value) };
      const reply = await send(baseUrl, request);
      sent += 1;
      for (const f of conformance(document, request, reply)) problems.push(`${edge.how}: ${f.check}: ${f.problem}`);
      if ((edge.expect && reply.status !== edge.expect) || (reply.status >= 200 && reply.status < 300)) {
        problems.push(`${edge.how}: answered ${reply.status}${edge.expect ? ` (expected ${edge.expect})` : ""}; reproduce: ${curlOf(baseUrl, request)}`);
      }
    }
    const refusal = [...refusalCodes].sort((a, b) => b[1] - a[1])[0]?.[0];
    for (const r of results.filter((x) => exact && x.edge.valid && x.status === 400 && x.code !== undefined && x.code === refusal)) {
      problems.push(`${r.where} ${r.edge.how}: the bound itself was refused as invalid (${String(r.code)}); reproduce: ${curlOf(baseUrl, r.request)}`);
    }
    if (sent) options.record(`boundaries ${op.method} ${op.path}: ${sent} edges, each bound and one past it`, problems);
  }
}
