import "server-only";
import crypto from "node:crypto";
import type { Sql } from "@/lib/server/db";
import { AppError, ERROR_CODES, type ErrorCode } from "@/lib/server/platform/errors";
import { isUniqueViolation } from "@/lib/server/db/errors";
import type { PlanEffect } from "@/lib/server/db/apply-plan";
import { transferById, type TransferRow } from "@/lib/server/ledger/postings";
import {
  findStoredKey,
  ledgerSql,
  storeRefusal,
  type KeyToRecord,
  type StoredKey,
  type WithStoredKey,
} from "@/lib/server/ledger/store";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

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
    throw new AppError("VALIDATION_ERROR", "errors.idempotencyKeyInvalid");
  }
  return key;
}

function isErrorCode(code: string | null): code is ErrorCode {
  return code !== null && (ERROR_CODES as string[]).includes(code);
}

/** The first attempt's ending, again: the same transfer (read back), or the same refusal. */
async function replay(reader: Sql, stored: StoredKey, hash: string): Promise<TransferRow> {
  if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  if (isErrorCode(stored.refusal)) throw new AppError(stored.refusal);
  if (stored.transferId === null) throw new Error("idempotency key stored without an ending");
  return transferById(reader, stored.transferId);
}

export type { KeyToRecord } from "@/lib/server/ledger/store";

/** The plan's effect that records the key with the transfer it makes (none without a key). */
export function keyEffect(key: KeyToRecord | undefined): PlanEffect | undefined {
  return key && { type: "recordKey", ...key };
}

/** The ending a repeated request must get again, found by `storedKeyColumns`. */
class StoredEnding {
  constructor(readonly stored: StoredKey) {}
}

/**
 * Ends `work` when its first query found the key already stored: runIdempotent then replays the
 * first attempt's ending. (Were the row missing — no wallet matched — the work's refusal meets
 * the stored key when it is recorded, and is replayed the same way.)
 */
export function replayIfStored(row: WithStoredKey | undefined): void {
  if (row?.keyHash == null) return;
  const transferId = row.keyTransferId == null ? null : Number(row.keyTransferId);
  throw new StoredEnding({ requestHash: row.keyHash, transferId, refusal: row.keyRefusal ?? null });
}

/**
 * Runs `work` — a money movement — so that it records its ending under the caller's
 * Idempotency-Key: `work` reads the stored key with its first query (`storedKeyColumns`,
 * `replayIfStored`) and writes it together with the transfer it makes (see
 * the plan's `recordKey` effect, `keyEffect`); a refusal is recorded here. A repeated key with the same body
 * gets the same ending without running the work again: the transfer it made, or the refusal it met
 * (business refusals are recorded too, so a retry sees what the first attempt saw); a different
 * body is a 409. Concurrent duplicates, on one instance or several, are safe: the unique
 * [userId, key] index lets only one transfer be written, and the others, which wrote nothing,
 * re-read and replay.
 */
export async function runIdempotent(
  options: IdempotentOptions,
  work: (key: KeyToRecord | undefined) => Promise<TransferRow>,
): Promise<TransferRow> {
  const key = parseKey(options.key);
  if (key === null) return work(undefined);

  const sql = await ledgerSql();
  const { userId } = options;
  const hash = requestHash(options.scope, options.request);
  const reread = async () => {
    const stored = await findStoredKey(sql, userId, key);
    if (!stored) throw new Error("idempotency key vanished after a unique violation");
    return replay(sql, stored, hash);
  };

  try {
    return await work({ userId, key, requestHash: hash });
  } catch (error) {
    if (error instanceof StoredEnding) return replay(sql, error.stored, hash);
    if (isUniqueViolation(error)) return reread();
    if (!(error instanceof AppError) || error.status >= 500 || error.code === "IDEMPOTENCY_MISMATCH") {
      throw error;
    }
    try {
      await storeRefusal(sql, userId, key, hash, error.code);
    } catch (storeError) {
      if (isUniqueViolation(storeError)) return reread();
      throw storeError;
    }
    throw error;
  }
}
