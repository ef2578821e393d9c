import "server-only";
import { z } from "zod";
import { ERROR_CODES, errorStatus, type ErrorCode } from "@/lib/server/platform/errors";
import { anyAnswer } from "@/lib/shared/api/dtos";
import type { BodyOf, Operation, ResponseOf } from "@/lib/shared/api/operations";
import { zodOf } from "@/lib/shared/schemas/from-check";

/**
 * A route's contract, declared beside its handler (`route(contract, handler)` in
 * lib/server/http/index.ts). The same declaration drives the request parsing, the check of every answer
 * outside production, and the OpenAPI document (lib/server/http/openapi.ts): there is no second list.
 */

export type Method = "GET" | "POST" | "PUT";

/** The document's groups of operations, in the order a reader meets them. */
export const TAGS = {
  auth: "Signing in by e-mail code or Telegram init data; rotating and revoking tokens",
  users: "The caller's profile and settings; other users' public profiles",
  wallets: "The caller's wallets and balances, top-ups, other users' account numbers",
  transfers: "Moving money between wallets, receipts, history",
  rates: "Ruble prices of the currencies the bank holds",
  demo: "Demo mode only (404 in production)",
  health: "Liveness and readiness probes",
  telegram: "Called by Telegram's Bot API",
  meta: "This document and its avatars",
} as const;
export type Tag = keyof typeof TAGS;

export type Contract = {
  method: Method;
  /** As OpenAPI writes it: `/api/v1/users/id/{id}` (checked against the route file's folder by a test). */
  path: `/api/${string}`;
  summary: string;
  /**
   * What a client needs to know beyond the summary: rules, limits, what each refusal means. Every
   * served route has one (the document's lint, tests/api/openapi-lint.test.ts, refuses it missing).
   */
  description?: string;
  tag: Tag;
  /** `false`: public, no bearer token. */
  auth?: boolean;
  /**
   * The session is asked of the database on every call, never trusted from this process's memory
   * (SESSION_TRUST_MS): for what moves money later (a schedule), which a revoked session must not
   * leave behind.
   */
  freshSession?: boolean;
  /** The JSON body, parsed before the handler runs (a failure is a 400 VALIDATION_ERROR). */
  body?: z.ZodType;
  /** A body the handler reads itself, after its own checks: described, not parsed here. */
  ownBody?: z.ZodType;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The code a query that fails its schema answers (default VALIDATION_ERROR). */
  queryError?: ErrorCode;
  ok: {
    status: number;
    /** The JSON body; absent when the answer is not JSON (`contentType`). */
    schema?: z.ZodType;
    contentType?: string;
    headers?: Record<string, { description: string; schema: z.ZodType }>;
    /** Replaces the API's `no-store` on successful answers. */
    cacheControl?: string;
  };
  /** The error codes the use case may answer; those of auth, parsing and idempotency are implied. */
  errors?: readonly ErrorCode[];
  /**
   * Honours `Idempotency-Key`: the wrapper reads and checks the header once and hands the key to
   * the handler (`idempotencyKey`); routes that do not honour it never see it.
   */
  idempotent?: boolean;
};

/** What a route adds to its operation's entry (lib/shared/api/operations.ts): the rest of its contract. */
type ContractRest = Omit<Contract, "method" | "path" | "auth" | "idempotent" | "ok"> & {
  ok: Omit<Contract["ok"], "schema">;
};

/** Type checking fails when the route's body schema does not accept the body the browser sends. */
type BodyFits<O extends Operation, B> = B extends z.ZodType
  ? [BodyOf<O>] extends [z.input<B>]
    ? unknown
    : { body: "does not accept the operation's body type (lib/shared/api/operations.ts)" }
  : unknown;

/** The contract `contractOf` makes: the route's part, and what the entry says, as literal types. */
export type ContractFrom<O extends Operation, R extends ContractRest> = Omit<R, "ok"> & {
  method: O["method"];
  path: O["path"];
  ok: R["ok"] & { schema: z.ZodType<ResponseOf<O>> };
} & (O extends { anonymous: true } ? { auth: false } : unknown) &
  (O extends { idempotent: true } ? { idempotent: true } : unknown);

/**
 * The contract of a route the browser calls, from its entry in the operations table: method, path,
 * `auth: false` for an anonymous call, `idempotent`, and the success schema made from the entry's
 * answer (none for `anyAnswer`: the route then describes its answer by content type).
 */
export function contractOf<O extends Operation, const R extends ContractRest>(
  operation: O,
  rest: R & BodyFits<O, R["body"]>,
): ContractFrom<O, R> {
  const { method, path, response, anonymous, idempotent } = operation;
  const contract: Contract = {
    method,
    path,
    ...rest,
    ...(anonymous ? { auth: false } : {}),
    ...(idempotent ? { idempotent: true } : {}),
    ok: response === anyAnswer ? rest.ok : { ...rest.ok, schema: zodOf(response) },
  };
  return contract as ContractFrom<O, R>;
}

const BODY_ERRORS = ["VALIDATION_ERROR", "INVALID_JSON", "PAYLOAD_TOO_LARGE", "REQUEST_ABORTED"] as const;

/** Every error code the route may answer: the declared ones and those its shape implies. */
export function answerableErrors(contract: Contract): ErrorCode[] {
  const codes = new Set<ErrorCode>(contract.errors ?? []);
  if (contract.auth !== false) codes.add("UNAUTHORIZED");
  if (contract.body) for (const code of BODY_ERRORS) codes.add(code);
  if (contract.params) codes.add("VALIDATION_ERROR");
  if (contract.query) codes.add(contract.queryError ?? "VALIDATION_ERROR");
  if (contract.idempotent) {
    codes.add("VALIDATION_ERROR");
    codes.add("IDEMPOTENCY_MISMATCH");
  }
  // Any route may find the database busy past its wait limit, or fail unexpectedly.
  codes.add("UNAVAILABLE");
  codes.add("INTERNAL_ERROR");
  return [...codes];
}

const errorShape = z.strictObject({ message: z.string().min(1), code: z.string() });

/**
 * Why an answer breaks the route's contract, or null when it keeps it: the success status with a
 * body its schema accepts, or a `{message, code}` error whose code the route may answer, at that
 * code's status. `body` is the parsed JSON (undefined for a non-JSON answer).
 */
export function contractBreach(contract: Contract, status: number, body: unknown, contentType: string): string | null {
  const { ok } = contract;
  if (status === ok.status) {
    if (!ok.schema) {
      const expected = ok.contentType ?? "application/json";
      return contentType.startsWith(expected) ? null : `${status} answered ${contentType}, not ${expected}`;
    }
    const result = ok.schema.safeParse(body);
    return result.success ? null : `${status} body does not match: ${z.prettifyError(result.error)}`;
  }
  const error = errorShape.safeParse(body);
  if (!error.success) return `${status} is neither the success status ${ok.status} nor a {message, code} error`;
  const code = error.data.code as ErrorCode;
  if (!ERROR_CODES.includes(code)) return `${code} is not an error code of the API`;
  if (!answerableErrors(contract).includes(code)) return `${code} is not among the route's errors`;
  if (errorStatus(code) !== status) return `${code} answered with ${status}, not ${errorStatus(code)}`;
  return null;
}
