import "server-only";
import crypto from "node:crypto";
import { AppError, ERROR_CODES, type ErrorCode } from "@/lib/server/platform/errors";
import { isUniqueViolation } from "@/lib/server/db/errors";
import type { PlanEffect } from "@/lib/server/ledger/plan";
import { transferById, type TransferRow } from "@/lib/server/ledger/postings";
import { findStoredKey, storeRefusal, type KeyToRecord, type StoredKey, type WithStoredKey } from "@/lib/server/ledger/store";

export type IdempotentOptions = {
  userId: number;
  /**
   * The caller's `Idempotency-Key`, as the route wrapper read and checked it
   * (lib/server/http/idempotency-key.ts); null runs the work without replay protection.
   */
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

function isErrorCode(code: string | null): code is ErrorCode {
  return code !== null && (ERROR_CODES as string[]).includes(code);
}

/** The first attempt's ending, again: the same transfer (read back), or the same refusal. */
async function replay(stored: StoredKey, hash: string): Promise<TransferRow> {
  if (stored.requestHash !== hash) throw new AppError("IDEMPOTENCY_MISMATCH");
  if (isErrorCode(stored.refusal)) throw new AppError(stored.refusal);
  if (stored.transferId === null) throw new Error("idempotency key stored without an ending");
  return transferById(stored.transferId);
}

/** The ending an attempt stored under the key, read again after another attempt stored it first. */
async function replayStoredMeanwhile(userId: number, key: string, hash: string): Promise<TransferRow> {
  const stored = await findStoredKey(userId, key);
  if (!stored) throw new Error("idempotency key vanished after a unique violation");
  return replay(stored, hash);
}

export type { KeyToRecord } from "@/lib/server/ledger/store";

/** The plan's effect that records the key with the transfer it makes (none without a key). */
export function keyEffect(key: KeyToRecord | undefined): PlanEffect | undefined {
  return key && { type: "recordKey", ...key };
}

/**
 * How a money movement's work ended: it made a transfer, or its first read found that an earlier
 * attempt under the same key had already ended (`storedKeyColumns`), and that ending is the answer.
 * A refusal is not an ending here: the work throws it (AppError), and `runIdempotent` records it.
 */
export type Ending = { kind: "made"; transfer: TransferRow } | { kind: "stored"; stored: StoredKey };

/** The work made `transfer`. */
export function made(transfer: TransferRow): Ending {
  return { kind: "made", transfer };
}

/**
 * The ending stored under the caller's key, when the work's first query found one (its row carries
 * `storedKeyColumns`); null when there is none, and the work goes on. (Were the row missing — no
 * wallet matched — the work's refusal meets the stored key when it is recorded, and is replayed
 * the same way.)
 */
export function storedEnding(row: WithStoredKey | undefined): Ending | null {
  if (row?.keyHash == null) return null;
  const transferId = row.keyTransferId == null ? null : Number(row.keyTransferId);
  return { kind: "stored", stored: { requestHash: row.keyHash, transferId, refusal: row.keyRefusal ?? null } };
}

/**
 * Runs `work` — a money movement — so that it records its ending under the caller's
 * Idempotency-Key: `work` reads the stored key with its first query (`storedKeyColumns`) and,
 * when it is there, ends at once with it (`storedEnding`); else it writes the key together with
 * the transfer it makes (the plan's `recordKey` effect, `keyEffect`); a refusal is recorded here.
 * A repeated key with the same body gets the same ending without running the work again: the
 * transfer it made, or the refusal it met (business refusals are recorded too, so a retry sees
 * what the first attempt saw); a different body is a 409. Concurrent duplicates, on one instance
 * or several, are safe: the unique [userId, key] index lets only one transfer be written, and the
 * others, which wrote nothing, re-read and replay.
 */
export async function runIdempotent(options: IdempotentOptions, work: (key: KeyToRecord | undefined) => Promise<Ending>): Promise<TransferRow> {
  const { userId, key } = options;
  if (key === null) {
    const ending = await work(undefined);
    // Without a key the first read reads none back.
    if (ending.kind === "stored") throw new Error("an ending stored under no key");
    return ending.transfer;
  }

  const hash = requestHash(options.scope, options.request);
  let ending: Ending;
  try {
    ending = await work({ userId, key, requestHash: hash });
  } catch (error) {
    if (isUniqueViolation(error)) return replayStoredMeanwhile(userId, key, hash);
    if (!(error instanceof AppError) || error.status >= 500 || error.code === "IDEMPOTENCY_MISMATCH") {
      throw error;
    }
    try {
      await storeRefusal(userId, key, hash, error.code);
    } catch (storeError) {
      if (isUniqueViolation(storeError)) return replayStoredMeanwhile(userId, key, hash);
      throw storeError;
    }
    throw error;
  }
  return ending.kind === "made" ? ending.transfer : replay(ending.stored, hash);
}
