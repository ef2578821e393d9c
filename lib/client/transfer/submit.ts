import { ApiError, call, keysOf, NetworkError } from "@/lib/client/api";
import { operations } from "@/lib/shared/api/operations";
import type { CreateTransferBody } from "@/lib/shared/schemas/transfers";
import type { TopUpBody } from "@/lib/shared/schemas/wallets";

/** POST /api/v1/transfers with the form's idempotency key; the created transfer (its id opens the receipt). */
export function createTransfer(body: CreateTransferBody, idempotencyKey: string) {
  return call(operations.createTransfer, { body, idempotencyKey });
}

/** POST /api/v1/wallet/topup with the form's idempotency key (the form only needs to know it succeeded). */
export function topUpWallet(body: TopUpBody, idempotencyKey: string) {
  return call(operations.topUp, { body, idempotencyKey });
}

/**
 * True when the server answered and refused the request (4xx): nothing was applied, so the next
 * attempt may use a fresh key. A network failure or 5xx leaves the outcome unknown, and the
 * retry must reuse the key.
 */
export function wasRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** True when no answer came back: the money may or may not have moved (retry with the same key). */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof NetworkError;
}

/**
 * SWR keys that change after money moves: the own wallets, and the reads under /transfers/ that
 * have a key of their own (recent recipients, receipts, history and counterparty pages).
 */
export const isMoneyKey = keysOf(
  operations.wallets,
  operations.recentRecipients,
  operations.receipt,
  operations.history,
  operations.counterparty,
);
