import "server-only";
import { AppError } from "@/lib/server/platform/errors";

/** The longest Idempotency-Key accepted, as the OpenAPI document states it (openapi.ts). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/**
 * The request's `Idempotency-Key`, trimmed; null when it sent none. A key that is empty once
 * trimmed, or longer than MAX_IDEMPOTENCY_KEY_LENGTH, is a 400 with words that say so, on every
 * operation that honours it (the OpenAPI document: 1 to 128 characters).
 */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers.get("idempotency-key");
  if (raw === null) return null;
  const key = raw.trim();
  if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) throw new AppError("VALIDATION_ERROR", "errors.idempotencyKeyInvalid");
  return key;
}
