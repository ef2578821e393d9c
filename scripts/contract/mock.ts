import http from "node:http";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { ContractDocument } from "./document";
import { operationsOf, type DocumentedOperation } from "./generated";
import { BANK } from "./knowledge";
import { bankAnswer, newBankState, type BankKit, type User } from "./mock-bank";
import { SchemaArbitraries, type Schema } from "./schema-arbitrary";

/**
 * A mock of the backend from the document: every documented operation answers its success status
 * with a body generated from its schema (the same body for the same request), after the checks the
 * document states — a bearer token where the operation is secured (401), a body its schema accepts
 * (400), 405 with Allow for a method the path does not serve. On top, the bank's core is kept in
 * memory (./mock-bank) so that a frontend can be driven through it.
 */

export type MockOptions = { document: ContractDocument; port: number; host: string; seed: number; print: (line: string) => void };

type Template = { op: DocumentedOperation; dynamic: number; names: string[]; pattern: RegExp };
type Responses = Record<string, { content?: Record<string, { schema?: Schema }> }>;
type Answer = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** Everything one mock shares between its requests. */
type Mock = {
  doc: Record<string, unknown>;
  arbitraries: SchemaArbitraries;
  templates: Template[];
  kit: BankKit;
  /** The answer's schema sampled, the same for the same key. */
  sample: (schema: Schema | undefined, key: string) => unknown;
  /** Whether a value keeps to a schema; the reason when not. */
  problem: (schema: Schema, value: unknown) => string | null;
};

/** A grey square: what a generated picture address (avatarUrl, photoUrl…) points at, so a page can load it. */
const PICTURE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#999"/></svg>')}`;
const PICTURE_FIELD = /(avatar|photo|image|icon|picture)Url$/i;

/** Generated strings in picture fields replaced by PICTURE, at any depth. */
function withPictures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPictures);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, typeof v === "string" && PICTURE_FIELD.test(key) ? PICTURE : withPictures(v)]));
}

function successOf(op: DocumentedOperation) {
  const [status, response] = Object.entries((op.operation.responses ?? {}) as Responses).find(([s]) => s.startsWith("2"))!;
  return { status: Number(status), schema: response.content?.["application/json"]?.schema, types: Object.keys(response.content ?? {}) };
}

function templatesOf(document: ContractDocument): Template[] {
  const templates = operationsOf(document).map((op) => ({
    op,
    dynamic: (op.path.match(/\{/g) ?? []).length,
    names: [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    pattern: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "([^/]+)")}$`),
  }));
  return templates.sort((a, b) => a.dynamic - b.dynamic);
}

function createMock(options: MockOptions): Mock {
  const doc = options.document.doc as Record<string, unknown>;
  const arbitraries = new SchemaArbitraries(doc, { integers: [], strings: [] });
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<Schema, ValidateFunction>();
  const sample = (schema: Schema | undefined, key: string) => {
    if (!schema) return {};
    let h = options.seed;
    for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    return withPictures(fc.sample(arbitraries.valid(schema), { seed: h, numRuns: 1 })[0]);
  };
  const problem = (schema: Schema, value: unknown) => {
    let validate = validators.get(schema);
    if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
  const shaped = (op: DocumentedOperation, known: object) => ({ ...(sample(successOf(op).schema, op.path) as object), ...known });
  return { doc, arbitraries, templates: templatesOf(options.document), kit: { state: newBankState(), shaped, print: options.print }, sample, problem };
}

/** What the document's parameters and body schema say against the request. */
function requestProblems(mock: Mock, match: Template, req: http.IncomingMessage, url: URL, params: string[], body: unknown): string[] {
  const { op } = match;
  const problems: string[] = [];
  const check = (schema: Schema | undefined, value: unknown) => {
    const found = schema && mock.problem(schema, value);
    if (found) problems.push(found);
  };
  for (const p of (op.operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Schema }[]) {
    const raw = p.in === "path" ? params[match.names.indexOf(p.name)] : p.in === "query" ? url.searchParams.get(p.name) : p.in === "header" ? (req.headers[p.name.toLowerCase()] as string | undefined) : undefined;
    if (raw === undefined || raw === null) {
      if (p.required) problems.push(`${p.name} is required`);
      continue;
    }
    const schema = mock.arbitraries.resolve(p.schema ?? {});
    const value = schema.type === "integer" || schema.type === "number" ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw;
    check(schema, value);
  }
  const bodySchema = op.operation.requestBody?.content?.["application/json"]?.schema;
  if (bodySchema) check(mock.arbitraries.resolve(bodySchema), body);
  return problems;
}

/**
 * Refused with 400 where the document has it, else with the operation's first documented refusal
 * (a webhook documents only 401), carrying a code the document lists for it; null when it has none.
 */
function refusalOf(op: DocumentedOperation): { status: number; code: string } | null {
  const responses = (op.operation.responses ?? {}) as Responses;
  const status = responses["400"] ? "400" : Object.keys(responses).filter((s) => s.startsWith("4")).sort()[0];
  if (!status) return null;
  const codes = JSON.stringify(responses[status].content?.["application/json"]?.schema ?? {}).match(/"enum":\["([A-Z_]+)"/);
  return { status: Number(status), code: status === "400" ? "VALIDATION_ERROR" : (codes?.[1] ?? "VALIDATION_ERROR") };
}

/** The documented operation a request names, or the answer that it names none (404, 405). */
function routeOf(mock: Mock, method: string, pathname: string, answer: Answer): Template | null {
  const matches = mock.templates.filter((t) => t.pattern.test(pathname));
  if (matches.length === 0) {
    answer(404, { message: "Не найдено", code: "NOT_FOUND" });
    return null;
  }
  const path = matches[0].op.path;
  const match = matches.find((t) => t.op.path === path && t.op.method === method);
  if (!match) {
    const allow = mock.templates.filter((t) => t.op.path === path).map((t) => t.op.method);
    answer(405, { message: "Метод не поддерживается", code: "METHOD_NOT_ALLOWED" }, { allow: allow.join(", ") });
    return null;
  }
  return match;
}

/** One documented operation called: authenticated, checked, then answered by the bank or the schema. */
function operate(mock: Mock, match: Template, request: { req: http.IncomingMessage; method: string; url: URL; raw: string }, answer: Answer, media: (status: number, type: string) => void) {
  const { req, method, url, raw } = request;
  const { op } = match;
  const params = (match.pattern.exec(url.pathname) ?? []).slice(1).map(decodeURIComponent);
  let user: User | null = null;
  if (op.secured) {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const { users, tokens } = mock.kit.state;
    user = users.find((u) => u.id === tokens.get(token)) ?? null;
    if (!user) return answer(401, { message: "Требуется вход", code: "UNAUTHORIZED" });
  }
  let body: Record<string, unknown> = {};
  if (op.operation.requestBody?.content?.["application/json"]?.schema) {
    try {
      body = JSON.parse(raw || "null") as Record<string, unknown>;
    } catch {
      return answer(400, { message: "Тело запроса — не JSON", code: "INVALID_JSON" });
    }
  }
  const refusal = requestProblems(mock, match, req, url, params, body).length ? refusalOf(op) : null;
  if (refusal) return answer(refusal.status, { message: "Неверные данные", code: refusal.code });
  const key = req.headers["idempotency-key"];
  const known = bankAnswer(mock.kit, op, user, params, body ?? {}, typeof key === "string" ? key : null);
  if (known) return answer(known.status, known.body);
  const success = successOf(op);
  // A picture or a page: the documented media type, empty.
  if (!success.types.includes("application/json") && success.types.length) return media(success.status, success.types[0]);
  return answer(success.status, mock.sample(success.schema, `${method} ${url.pathname}${url.search}`));
}

async function handle(mock: Mock, req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://mock");
  const method = (req.method ?? "GET").toUpperCase();
  // A frontend on any origin may use the mock: its origin is echoed (never "*": the frontend's
  // requests carry credentials), and the history's cursor header is readable.
  const origin = req.headers.origin;
  const cors: Record<string, string> = origin
    ? { "access-control-allow-origin": origin, "access-control-allow-credentials": "true", "access-control-expose-headers": BANK.nextCursorHeader, vary: "Origin" }
    : { vary: "Origin" };
  const answer: Answer = (status, body, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...cors, ...headers });
    res.end(JSON.stringify(body));
  };
  if (method === "OPTIONS") {
    res.writeHead(204, {
      ...cors,
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "authorization, content-type, idempotency-key",
      "access-control-allow-methods": "GET, POST, PUT, DELETE",
      "access-control-max-age": "600",
    });
    return res.end();
  }
  if (method === "GET" && url.pathname === BANK.document) return answer(200, mock.doc);
  const match = routeOf(mock, method, url.pathname, answer);
  if (!match) return;
  operate(mock, match, { req, method, url, raw: Buffer.concat(chunks).toString() }, answer, (status, type) => {
    res.writeHead(status, { "content-type": type, ...cors });
    res.end();
  });
}

export async function startMock(options: MockOptions): Promise<{ url: string; close(): Promise<void> }> {
  const mock = createMock(options);
  const server = http.createServer((req, res) => void handle(mock, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    url: `http://${options.host}:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
