import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { acceptedLanguages, isMessageKey, pickLanguage, type Language } from "@/lib/shared/i18n";
import { CLIENT_IP_HEADER } from "@/lib/server/http/client-ip";
import { corsHeaders } from "@/lib/server/http/cors";
import { checksAnswers, getEnv } from "@/lib/server/platform/env";
import { contractBreach, type Contract } from "@/lib/server/http/contract";
import { AppError, errorBody, type ErrorCode } from "@/lib/server/platform/errors";
import { isDatabaseUnavailable } from "@/lib/server/db/errors";
import { isSessionRevoked, verifyAccessToken } from "@/lib/server/auth/tokens";
import { flatLineLogger, logger } from "@/lib/server/platform/log";
import { observeRequest } from "@/lib/server/platform/metrics";
import { HSTS, servesHttps } from "@/lib/server/http/security-headers";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";

/** The request line: flat, so its redaction needs no wildcard paths (log.ts). */
const requestLog = flatLineLogger(logger);

/** Request bodies above this size are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 16 * 1024;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The signed-in caller: who, and in which session (what signing out revokes). */
export type AuthUser = { id: number; sessionId: string };

export type RouteContext<C extends Contract> = {
  req: Request;
  user: C extends { auth: false } ? null : AuthUser;
  body: C extends { body: infer B } ? Out<B> : undefined;
  params: C extends { params: infer P } ? Out<P> : undefined;
  query: C extends { query: infer Q } ? Out<Q> : undefined;
  ip: string;
  requestId: string;
} & (C extends { idempotent: true }
  ? {
      /** The request's Idempotency-Key, trimmed and checked (idempotency-key.ts); null when it sent none. */
      idempotencyKey: string | null;
    }
  : unknown);

/** What a handler may return: a value its success schema accepts, or a whole Response. */
type Answer<C extends Contract> = Response | (C["ok"] extends { schema: infer S } ? z.input<S & z.ZodType> : never);

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * Builds a JSON response; handlers may also just return a value (→ 200). Serialised with
 * JSON.stringify: Response.json's web-IDL path costs twice as much on every API answer.
 */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(data), { status, headers });
  response.headers.set("content-type", "application/json");
  return response;
}

/**
 * The client's address as the production server decided it (scripts/serve.ts, TRUST_PROXY);
 * forwarding headers are never read here. "unknown" when not served by it.
 */
function clientIp(req: Request): string {
  return req.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * The body as text, read from the stream and counted as it arrives: past MAX_BODY_BYTES the
 * stream is cancelled and the answer is 413, whatever Content-Length claimed (chunked bodies
 * claim nothing). A client that goes away mid-body is a 400, not a server error.
 */
async function readBody(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new AppError("REQUEST_ABORTED");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      void reader.cancel().catch(() => undefined);
      throw new AppError("PAYLOAD_TOO_LARGE");
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The body as JSON, under the same limits as every route's (for routes that parse it themselves). */
export async function readJson(req: Request): Promise<unknown> {
  const text = await readBody(req);
  if (!text.trim()) throw new AppError("INVALID_JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON");
  }
}

/**
 * The path for logs as the route's pattern: every segment that carries a path parameter is
 * logged by the parameter's name (`/api/v1/users/email/[email]`), so no value a client put in the
 * path — an e-mail address, however many times encoded — reaches a log line.
 */
function routeLabel(pathname: string, params: Record<string, string | string[] | undefined>): string {
  // A route without parameters is its own pattern.
  if (Object.keys(params).length === 0) return pathname;
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) values.set(one, name);
  }
  return pathname
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // kept as it came; the parameter check below still applies to the raw text
      }
      const name = values.get(decoded) ?? values.get(segment);
      return name ? `[${name}]` : segment;
    })
    .join("/");
}

/**
 * A zod failure as a 400. Where a user may see the failure, the schema names the key of its words
 * as the issue's message; other issues (zod's own English) answer with the generic words.
 */
function validationError(error: z.ZodError): AppError {
  const key = error.issues.map((issue) => issue.message).find(isMessageKey);
  return new AppError("VALIDATION_ERROR", key);
}

/** Whether any string in a parsed request holds a NUL character (no database stores one in text). */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => holdsNul(k) || holdsNul(v));
  return false;
}

function parse(schema: z.ZodType | undefined, value: unknown, failure?: ErrorCode): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw failure ? new AppError(failure) : validationError(result.error);
  // Checked on what the schema made of the input (path segments are decoded there).
  if (holdsNul(result.data)) throw new AppError(failure ?? "VALIDATION_ERROR");
  return result.data;
}

/**
 * Outside production every answer is held to the route's contract; a breach is logged and
 * answered as a 500, so any test that meets it fails.
 */
async function enforceContract(contract: Contract, response: Response, requestId: string, path: string): Promise<Response> {
  const contentType = response.headers.get("content-type") ?? "";
  let body: unknown;
  // Only JSON is read: a file (a statement) streams, and reading a copy would hold it all.
  if (contentType.startsWith("application/json")) {
    const text = await response.clone().text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const breach = contractBreach(contract, response.status, body, contentType);
  if (!breach) return response;
  logger.error({ requestId, path, breach }, "answer breaks the route's contract");
  return json(errorBody(new AppError("INTERNAL_ERROR")), 500);
}

async function authenticate(req: Request, fresh: boolean): Promise<AuthUser> {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const claims = match ? verifyAccessToken(match[1]) : null;
  if (!claims || (await isSessionRevoked(claims.sessionId, fresh))) throw new AppError("UNAUTHORIZED");
  return { id: claims.userId, sessionId: claims.sessionId };
}

/** The language a request asks for (Accept-Language): English for any but Russian; Russian when it names none. */
export function requestLanguage(req: Request): Language {
  return pickLanguage({ detected: acceptedLanguages(req.headers.get("accept-language")) });
}

export type RouteHandler = ((req: Request, next?: NextContext) => Promise<Response>) & { contract: Contract };

/**
 * The one wrapper around every API route, driven by the route's contract: request id, auth,
 * body/params/query parsing with zod, the Idempotency-Key of an idempotent route, error mapping
 * to `{message, code}`, the success status, and one structured log line. The only try/catch of
 * the API.
 */
export function route<const C extends Contract>(
  contract: C,
  handler: (ctx: RouteContext<C>) => Promise<Answer<C>>,
): RouteHandler {
  const serve = async (req: Request, next?: NextContext): Promise<Response> => {
    const started = performance.now();
    const incomingId = req.headers.get("x-request-id");
    const requestId =
      incomingId && /^[\w-]{1,64}$/.test(incomingId) ? incomingId : crypto.randomUUID();
    // Next.js passes no params (undefined) to a route without dynamic segments.
    const rawParams = (next ? await next.params : undefined) ?? {};
    const url = new URL(req.url);
    const path = routeLabel(url.pathname, rawParams);
    let userId: number | undefined;
    let response: Response;
    try {
      const user = contract.auth === false ? null : await authenticate(req, contract.freshSession === true);
      userId = user?.id;
      const params = parse(contract.params, rawParams);
      const query = contract.query
        ? parse(contract.query, Object.fromEntries(url.searchParams.entries()), contract.queryError)
        : undefined;
      const body = contract.body ? parse(contract.body, await readJson(req)) : undefined;
      const key = contract.idempotent ? { idempotencyKey: idempotencyKeyOf(req) } : {};
      const result = await handler({ req, user, body, params, query, ip: clientIp(req), requestId, ...key } as RouteContext<C>);
      response = result instanceof Response ? result : json(result ?? null, contract.ok.status);
    } catch (error) {
      const known = asAppError(error);
      const language = requestLanguage(req);
      if (known) {
        // The database is away for a moment (a restart, a failover): the client may try again soon.
        response = json(errorBody(known, language), known.status, known.code === "UNAVAILABLE" ? { "retry-after": "1" } : undefined);
      } else {
        logger.error({ err: error, requestId, path }, "unhandled error");
        response = json(errorBody(new AppError("INTERNAL_ERROR"), language), 500);
      }
    }
    if (checksAnswers()) response = await enforceContract(contract, response, requestId, path);
    response.headers.set("x-request-id", requestId);
    if (path.startsWith("/api/v1/")) {
      for (const [name, value] of Object.entries(corsHeaders(req.headers.get("origin"), getEnv().corsOrigins))) {
        response.headers.set(name, value);
      }
    }
    const cacheControl = response.status === contract.ok.status ? contract.ok.cacheControl : undefined;
    response.headers.set("cache-control", cacheControl ?? "no-store");
    // The API's other security headers are static (next.config.ts); HSTS depends on the mode.
    if (servesHttps(process.env)) response.headers.set("Strict-Transport-Security", HSTS);
    const durationMs = performance.now() - started;
    observeRequest(path, req.method, response.status, durationMs / 1000);
    requestLog.info(
      {
        requestId,
        method: req.method,
        route: path,
        status: response.status,
        durationMs: Math.round(durationMs * 10) / 10,
        userId,
      },
      "request",
    );
    return response;
  };
  return Object.assign(serve, { contract });
}

/**
 * The AppError behind `error`: itself, or one thrown inside the database driver adapter (the lock
 * wait limit), which the Prisma client re-throws as a PrismaClientKnownRequestError keeping its
 * code — tests/api/db-lock.test.ts fails if a Prisma upgrade stops doing so.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new AppError("UNAVAILABLE");
  if (error instanceof Error && error.name === "PrismaClientKnownRequestError" && (error as { code?: unknown }).code === "UNAVAILABLE") {
    return new AppError("UNAVAILABLE");
  }
  return null;
}
export { contractOf } from "@/lib/server/http/contract";
