import "server-only";
import crypto from "node:crypto";
import { sqlOf, type Sql } from "@/lib/server/db";
import { AppError, errorBody } from "@/lib/server/errors";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { ru } from "@/lib/shared/strings";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/** What a money-moving use case answers: the HTTP status and the JSON body. */
export type Outcome = { status: number; body: unknown };

export type IdempotentOptions = {
  userId: number;
  /** The raw `Idempotency-Key` header; null runs the work without replay protection. */
  key: string | null;
  /** Separates use cases: the same key on a top-up and on a transfer never collide silently. */
  scope: string;
  request: unknown;
};

/** Stable JSON: object keys sorted, so equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(scope: string, request: unknown): string {
  return crypto.createHash("sha256").update(`${scope}\n${canonical(request)}`).digest("hex");
}

function parseKey(raw: string | null): string | null {
  if (raw === null) return null;
  const key = raw.trim();
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError("VALIDATION_ERROR", ru.errors.idempotencyKeyInvalid);
  }
  return key;
}

type StoredKey = { requestHash: string; status: number; response: string };

function replay(stored: StoredKey, hash: string): Outcome {
  if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  return { status: Number(stored.status), body: JSON.parse(stored.response) as unknown };
}

function storeKey(sql: Sql, userId: number, key: string, hash: string, outcome: Outcome) {
  return sql.$executeRaw`
    INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "status", "response", "createdAt")
    VALUES (${userId}, ${key}, ${hash}, ${outcome.status}, ${JSON.stringify(outcome.body)}, ${new Date()})`;
}

/**
 * Runs `work` in ONE transaction together with storing its answer under the caller's
 * Idempotency-Key. A repeated key with the same body replays the stored answer (status and body)
 * without running the work again; a different body is a 409. Concurrent duplicates are safe: the
 * unique [userId, key] index lets only one commit, the others re-read and replay. Business
 * refusals (4xx) are stored as well, so a retry sees the same answer as the first attempt.
 */
export async function runIdempotent(
  options: IdempotentOptions,
  work: (tx: Sql) => Promise<Outcome>,
): Promise<Outcome> {
  const sql = await sqlOf();
  const key = parseKey(options.key);
  if (key === null) return sql.transaction(work);

  const { userId } = options;
  const hash = requestHash(options.scope, options.request);
  const find = async (reader: Sql) => {
    const [stored] = await reader.$queryRaw<StoredKey[]>`
      SELECT "requestHash", "status", "response" FROM "IdempotencyKey"
      WHERE "userId" = ${userId} AND "key" = ${key}`;
    return stored;
  };
  const reread = async () => {
    const stored = await find(sql);
    if (!stored) throw new Error("idempotency key vanished after a unique violation");
    return replay(stored, hash);
  };

  try {
    return await sql.transaction(async (tx) => {
      const stored = await find(tx);
      if (stored) return replay(stored, hash);
      const outcome = await work(tx);
      await storeKey(tx, userId, key, hash, outcome);
      return outcome;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return reread();
    if (!(error instanceof AppError) || error.status >= 500 || error.code === "IDEMPOTENCY_MISMATCH") {
      throw error;
    }
    const refusal: Outcome = { status: error.status, body: errorBody(error) };
    try {
      await storeKey(sql, userId, key, hash, refusal);
    } catch (storeError) {
      if (isUniqueViolation(storeError)) return reread();
      throw storeError;
    }
    return refusal;
  }
}
