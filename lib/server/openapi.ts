import "server-only";
import { z } from "zod";
import {
  demoInitDataQuery,
  initDataDto,
  logoutBody,
  codeRequestedDto,
  okDto,
  refreshBody,
  requestCodeBody,
  telegramLoginBody,
  tokenPairDto,
  verifyCodeBody,
} from "@/lib/shared/schemas/auth";
import { rateDto, rateHistoryDto, rateHistoryQuery } from "@/lib/shared/schemas/rates";
import {
  counterpartyDto,
  createTransferBody,
  historyQuery,
  transferDto,
  transferListDto,
} from "@/lib/shared/schemas/transfers";
import { notificationsBody, publicUserDto, userDto } from "@/lib/shared/schemas/users";
import { publicWalletDto, topUpBody, walletDto } from "@/lib/shared/schemas/wallets";

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the same zod schemas the handlers
 * parse with (`z.toJSONSchema`), so the document cannot drift from the validation. The test in
 * tests/api/openapi.test.ts fails when a route file exists that this table does not describe.
 */

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put";
type Param = { name: string; in: "path" | "query" | "header"; schema: JsonSchema; required?: boolean; description?: string };

type Operation = {
  summary: string;
  tag: string;
  /** Public endpoints need no bearer token. */
  public?: boolean;
  params?: Param[];
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status → body schema (null: a non-JSON answer described by `contentType`). */
  ok: { status: number; schema: z.ZodType | null; contentType?: string; headers?: Record<string, JsonSchema> };
  /** Error statuses this endpoint may answer besides 401 (added for protected endpoints). */
  errors?: number[];
  idempotent?: boolean;
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  // The dialect is declared once for the whole document (OpenAPI 3.1 is JSON Schema 2020-12).
  delete generated.$schema;
  return generated;
}

const intId = { type: "integer", minimum: 1 };
const path = (name: string, schema: JsonSchema = { type: "string" }, description?: string): Param => ({
  name,
  in: "path",
  required: true,
  schema,
  ...(description ? { description } : {}),
});

const idempotencyHeader: Param = {
  name: "Idempotency-Key",
  in: "header",
  schema: { type: "string", minLength: 1, maxLength: 128 },
  description:
    "Repeating a key with the same body replays the first answer (status and body) without moving money again; with a different body the answer is 409 IDEMPOTENCY_MISMATCH.",
};

const OPERATIONS: Record<string, Partial<Record<Method, Operation>>> = {
  "/api/health": {
    get: { summary: "Liveness probe", tag: "health", public: true, ok: { status: 200, schema: z.object({ status: z.literal("ok") }) } },
  },
  "/api/ready": {
    get: {
      summary: "Readiness probe (the database answers); how old the newest exchange rate is",
      tag: "health",
      public: true,
      ok: {
        status: 200,
        schema: z.object({
          status: z.literal("ok"),
          rates: z.object({ latest: z.string(), ageDays: z.int().nonnegative() }).nullable(),
        }),
      },
      errors: [503],
    },
  },
  "/api/telegram/webhook": {
    post: {
      summary:
        "Telegram's webhook (header X-Telegram-Bot-Api-Secret-Token, registered by npm run bot:setup): answers /start and /help with a Bot API sendMessage call, anything else with {}",
      tag: "telegram",
      public: true,
      body: z.looseObject({ update_id: z.number().int() }),
      ok: { status: 200, schema: z.looseObject({}) },
      errors: [401],
    },
  },
  "/api/v1/auth/email/request-code": {
    post: { summary: "Send the 6-digit sign-in code by e-mail (a repeated request re-sends the live code); answers a challenge id to present with it", tag: "auth", public: true, body: requestCodeBody, ok: { status: 200, schema: codeRequestedDto }, errors: [400, 429, 502] },
  },
  "/api/v1/auth/email/verify-code": {
    post: { summary: "Exchange an e-mail code for tokens (with the request's challengeId, tries count on that challenge only)", tag: "auth", public: true, body: verifyCodeBody, ok: { status: 200, schema: tokenPairDto }, errors: [400, 401, 429] },
  },
  "/api/v1/auth/telegram/login": {
    post: { summary: "Sign in with Telegram init data", tag: "auth", public: true, body: telegramLoginBody, ok: { status: 200, schema: tokenPairDto }, errors: [400, 401] },
  },
  "/api/v1/auth/refresh": {
    post: { summary: "Rotate the refresh token (reuse revokes the family)", tag: "auth", public: true, body: refreshBody, ok: { status: 200, schema: tokenPairDto }, errors: [400, 401] },
  },
  "/api/v1/auth/logout": {
    post: { summary: "Revoke a refresh token", tag: "auth", public: true, body: logoutBody, ok: { status: 200, schema: okDto }, errors: [400] },
  },
  "/api/v1/demo/telegram-init-data": {
    get: {
      summary: "Demo mode only: Telegram init data signed with the demo bot token (404 otherwise)",
      tag: "demo",
      public: true,
      query: demoInitDataQuery,
      ok: { status: 200, schema: initDataDto },
      errors: [400, 404],
    },
  },
  "/api/v1/avatars/{file}": {
    get: {
      summary: "Generated avatar picture (`<n>.svg`, n = user id modulo 1 000 000)",
      tag: "users",
      public: true,
      params: [path("file", { type: "string", pattern: "^\\d{1,6}\\.svg$" })],
      ok: { status: 200, schema: null, contentType: "image/svg+xml" },
      errors: [404],
    },
  },
  "/api/v1/users/me": {
    get: { summary: "The signed-in user", tag: "users", ok: { status: 200, schema: userDto } },
  },
  "/api/v1/users/id/{id}": {
    get: { summary: "Public profile by id", tag: "users", params: [path("id", intId)], ok: { status: 200, schema: publicUserDto }, errors: [400, 404, 429] },
  },
  "/api/v1/users/email/{email}": {
    get: { summary: "Public profile by e-mail", tag: "users", params: [path("email")], ok: { status: 200, schema: publicUserDto }, errors: [400, 404, 429] },
  },
  "/api/v1/users/telegram/{id}": {
    get: { summary: "Public profile by Telegram id", tag: "users", params: [path("id", { type: "string", pattern: "^\\d{1,20}$" })], ok: { status: 200, schema: publicUserDto }, errors: [400, 404, 429] },
  },
  "/api/v1/users/username/{username}": {
    get: { summary: "Public profile by username", tag: "users", params: [path("username")], ok: { status: 200, schema: publicUserDto }, errors: [400, 404, 429] },
  },
  "/api/v1/users/by-wallet/{number}": {
    get: { summary: "Public profile by account number", tag: "users", params: [path("number")], ok: { status: 200, schema: publicUserDto }, errors: [400, 404, 429] },
  },
  "/api/v1/users/{id}/notifications": {
    put: { summary: "Switch the caller's notifications on or off", tag: "users", params: [path("id", intId)], body: notificationsBody, ok: { status: 200, schema: userDto }, errors: [400, 403, 404] },
  },
  "/api/v1/wallet": {
    get: { summary: "The caller's wallets with balances (minor units), RUB, USD, EUR, CNY", tag: "wallets", ok: { status: 200, schema: z.array(walletDto) } },
  },
  "/api/v1/wallet/init": {
    post: { summary: "Create the caller's four wallets (idempotent)", tag: "wallets", ok: { status: 200, schema: z.array(walletDto) } },
  },
  "/api/v1/wallet/topup": {
    post: {
      summary: "Online top-up, credited at once as a transfer from the bank's wallet (at most TOPUP_DAILY_LIMIT per currency in 24 hours)",
      tag: "wallets",
      body: topUpBody,
      idempotent: true,
      ok: { status: 201, schema: transferDto },
      errors: [400, 404, 409, 422],
    },
  },
  "/api/v1/wallets/user/{userId}": {
    get: { summary: "Another user's wallets (no balances)", tag: "wallets", params: [path("userId", intId)], ok: { status: 200, schema: z.array(publicWalletDto) }, errors: [400, 404, 429] },
  },
  "/api/v1/transfers": {
    post: {
      summary: "Transfer from one of the caller's wallets; converted at the latest rates when currencies differ",
      tag: "transfers",
      body: createTransferBody,
      idempotent: true,
      ok: { status: 201, schema: transferDto },
      errors: [400, 403, 404, 409, 422, 503],
    },
  },
  "/api/v1/transfers/wallet/{walletId}": {
    get: {
      summary: "History of one of the caller's wallets, newest first (keyset pages)",
      tag: "transfers",
      params: [path("walletId", intId)],
      query: historyQuery,
      ok: {
        status: 200,
        schema: transferListDto,
        headers: { "x-next-cursor": { type: "string", description: "Pass as `cursor` for the next page; absent on the last page" } },
      },
      errors: [400, 403, 404],
    },
  },
  "/api/v1/transfers/username/{walletId}": {
    get: { summary: "Name and avatar of a wallet's owner ('Пополнение' for the bank); only for wallets the caller has exchanged money with (404 otherwise)", tag: "transfers", params: [path("walletId", intId)], ok: { status: 200, schema: counterpartyDto }, errors: [400, 404] },
  },
  "/api/v1/rates/{currency}": {
    get: { summary: "Ruble price of one unit (latest quote; RUB is 1)", tag: "rates", params: [path("currency", { type: "string", enum: ["RUB", "USD", "EUR", "CNY"] })], ok: { status: 200, schema: rateDto }, errors: [404] },
  },
  "/api/v1/rates/{currency}/history": {
    get: {
      summary: "Daily rates between two dates (≤ 366 days), gaps carried from the last quote",
      tag: "rates",
      params: [path("currency", { type: "string", enum: ["RUB", "USD", "EUR", "CNY"] })],
      query: rateHistoryQuery,
      ok: { status: 200, schema: rateHistoryDto },
      errors: [400, 404],
    },
  },
  "/api/v1/openapi.json": {
    get: { summary: "This document", tag: "meta", public: true, ok: { status: 200, schema: null, contentType: "application/json" } },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input (VALIDATION_ERROR, INVALID_JSON, INVALID_AMOUNT, SAME_WALLET, INVALID_DATE_RANGE …)",
  401: "Missing, invalid or expired token (UNAUTHORIZED) or credentials",
  403: "Not the caller's resource (FORBIDDEN)",
  404: "Not found (NOT_FOUND, USER_NOT_FOUND, WALLET_NOT_FOUND, RATE_NOT_FOUND)",
  409: "Idempotency-Key reused with a different body (IDEMPOTENCY_MISMATCH)",
  413: "Body over 16 KB (PAYLOAD_TOO_LARGE)",
  422: "Business rule refused (INSUFFICIENT_FUNDS)",
  429: "Too many requests (RATE_LIMITED)",
  502: "E-mail could not be sent (MAIL_FAILED)",
  503: "Temporarily unavailable (UNAVAILABLE, RATE_UNAVAILABLE)",
};

const errorResponse = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? "Error",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function queryParams(query: z.ZodObject): Param[] {
  const schema = jsonSchema(query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    schema: property,
    required: schema.required?.includes(name) ?? false,
  }));
}

function buildOperation(op: Operation) {
  const parameters = [...(op.params ?? []), ...(op.query ? queryParams(op.query) : []), ...(op.idempotent ? [idempotencyHeader] : [])];
  const errors = new Set([...(op.errors ?? []), ...(op.public ? [] : [401]), ...(op.body ? [400, 413] : [])]);
  const okContent = op.ok.schema
    ? { "application/json": { schema: jsonSchema(op.ok.schema, "output") } }
    : { [op.ok.contentType ?? "application/octet-stream"]: { schema: {} } };
  return {
    summary: op.summary,
    tags: [op.tag],
    security: op.public ? [] : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body, "input") } } } }
      : {}),
    responses: {
      [op.ok.status]: {
        description: "Success",
        content: okContent,
        ...(op.ok.headers ? { headers: Object.fromEntries(Object.entries(op.ok.headers).map(([k, schema]) => [k, { schema }])) } : {}),
      },
      ...Object.fromEntries([...errors].sort().map((status) => [status, errorResponse(status)])),
      500: errorResponse(500),
    },
  };
}

let cached: Record<string, unknown> | null = null;

/** The whole document (built once per process). */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths = Object.fromEntries(
    Object.entries(OPERATIONS).map(([p, methods]) => [
      p,
      Object.fromEntries(Object.entries(methods).map(([method, op]) => [method, buildOperation(op)])),
    ]),
  );
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Minibank API",
      version: "1.0.0",
      description:
        "Multi-currency wallet. Money is integer minor units (hundredths); rates are ruble prices of one unit. Errors are `{message, code}` with a Russian message.",
    },
    servers: [{ url: "/" }],
    tags: ["auth", "users", "wallets", "transfers", "rates", "demo", "health", "meta"].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message", "code"],
          properties: {
            message: { type: "string", description: "Russian text for the user" },
            code: { type: "string", description: "Machine code, e.g. INSUFFICIENT_FUNDS" },
          },
          additionalProperties: false,
        },
      },
    },
    security: [{ bearerAuth: [] }],
  };
  return cached;
}
