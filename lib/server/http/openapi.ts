import "server-only";
import { z } from "zod";
import { answerableErrors, TAGS, type Contract } from "@/lib/server/http/contract";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/server/http/idempotency-key";
import { errorStatus, type ErrorCode } from "@/lib/server/platform/errors";

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the contracts the route handlers carry
 * (lib/server/http/contract.ts) — the same zod schemas they parse requests with and are held to.
 */

type JsonSchema = Record<string, unknown>;
type Param = { name: string; in: "path" | "query" | "header"; schema: JsonSchema; required: boolean; description?: string };

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  // The dialect is declared once for the whole document (OpenAPI 3.1 is JSON Schema 2020-12).
  delete generated.$schema;
  return generated;
}

const idempotencyHeader: Param = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
  description:
    "Repeating a key with the same body replays the first answer (status and body) without moving money again; with a different body the answer is 409 IDEMPOTENCY_MISMATCH.",
};

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input",
  401: "Missing, invalid or expired token or credentials",
  403: "Not the caller's resource",
  404: "Not found",
  409: "Conflict",
  413: "Body over 16 KB",
  422: "Business rule refused",
  429: "Too many requests",
  500: "Unexpected server error",
  502: "E-mail could not be sent, or Telegram refused the call",
  503: "Temporarily unavailable",
};

/** One response per error status; its `code` is one of the codes this operation may answer with it. */
function errorResponses(contract: Contract) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of answerableErrors(contract)) {
    const status = errorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        status,
        {
          description: `${STATUS_DESCRIPTIONS[status] ?? "Error"}: ${codes.join(", ")}`,
          content: {
            "application/json": {
              schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { code: { enum: codes } } }] },
            },
          },
        },
      ]),
  );
}

function objectParams(schema: z.ZodObject, where: "path" | "query"): Param[] {
  const generated = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(generated.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema & { description?: string };
    return {
      name,
      in: where,
      schema: rest,
      required: where === "path" || (generated.required?.includes(name) ?? false),
      ...(description ? { description } : {}),
    };
  });
}

function operation(contract: Contract) {
  const parameters = [
    ...(contract.params ? objectParams(contract.params, "path") : []),
    ...(contract.query ? objectParams(contract.query, "query") : []),
    ...(contract.idempotent ? [idempotencyHeader] : []),
  ];
  const body = contract.body ?? contract.ownBody;
  const { ok } = contract;
  const okContent = ok.schema
    ? { "application/json": { schema: jsonSchema(ok.schema, "output") } }
    : { [ok.contentType ?? "application/octet-stream"]: { schema: {} } };
  const headers = ok.headers
    ? Object.fromEntries(
        Object.entries(ok.headers).map(([name, header]) => [
          name,
          { description: header.description, schema: jsonSchema(header.schema, "output") },
        ]),
      )
    : undefined;
  return {
    operationId: `${contract.method.toLowerCase()}${contract.path.replace(/[^a-zA-Z0-9]+(\w)?/g, (_, c?: string) => (c ?? "").toUpperCase())}`,
    summary: contract.summary,
    description: contract.description,
    tags: [contract.tag],
    security: contract.auth === false ? [] : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(body, "input") } } } } : {}),
    ...(contract.idempotent ? { "x-idempotent": true } : {}),
    responses: {
      [ok.status]: { description: "Success", content: okContent, ...(headers ? { headers } : {}) },
      ...errorResponses(contract),
    },
  };
}

let cached: Record<string, unknown> | null = null;

/** The whole document, from the routes' contracts (built once per process). */
export function openApiDocument(routes: { contract: Contract }[]): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { contract } of [...routes].sort((a, b) => a.contract.path.localeCompare(b.contract.path))) {
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operation(contract) };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Minibank API",
      version: "1.0.0",
      description:
        "Multi-currency wallet. Money is integer minor units (hundredths); rates are ruble prices of one unit. Errors are `{message, code}`: the message in the language Accept-Language asks for (Russian by default, English for any other), the code to act on.",
      contact: { name: "Minibank API maintainers" },
    },
    servers: [{ url: "/" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: {
          type: "object",
          required: ["message", "code"],
          properties: {
            message: { type: "string", description: "Text for the user, in the language Accept-Language asks for (Russian by default)" },
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
