/**
 * What the suite knows about the bank's operations beyond what the document says. Everything
 * operation-specific outside the hand-written scenario lives here; the generated runs need none of
 * it, and a new operation is covered by them without an entry.
 */

/** A kind of resource a user owns; the oracles sign in users and know theirs. */
export type Resource = "user" | "wallet" | "transfer";

/**
 * Operations whose input names one of the caller's own resources: with another user's in its
 * place the answer must be a refusal (a documented 403 or 404), never the resource.
 */
export const OWNED: Record<string, { params?: Record<string, Resource>; body?: Record<string, Resource> }> = {
  "PUT /api/v1/users/{id}/notifications": { params: { id: "user" } },
  "GET /api/v1/transfers/wallet/{walletId}": { params: { walletId: "wallet" } },
  "GET /api/v1/transfers/{id}": { params: { id: "transfer" } },
  "GET /api/v1/transfers/username/{walletId}": { params: { walletId: "wallet" } },
  "POST /api/v1/transfers": { body: { senderWalletId: "wallet" } },
};

/** The operations the oracles and the stateful runs drive, by what they do. */
export const BANK = {
  /** Where a server serves its own document (the suite reads it there; the mock serves it there). */
  document: "/api/v1/openapi.json",
  rate: "GET /api/v1/rates/{currency}",
  wallets: "GET /api/v1/wallet",
  topUp: "POST /api/v1/wallet/topup",
  transfer: "POST /api/v1/transfers",
  history: "GET /api/v1/transfers/wallet/{walletId}",
  receipt: "GET /api/v1/transfers/{id}",
  byEmail: "GET /api/v1/users/email/{email}",
  me: "GET /api/v1/users/me",
  refresh: "POST /api/v1/auth/refresh",
  logout: "POST /api/v1/auth/logout",
  /** The header that carries a page's successor in the history. */
  nextCursorHeader: "x-next-cursor",
  /** Decimal places of a rate (rates are ruble prices of one unit). */
  currencies: ["RUB", "USD", "EUR", "CNY"],
} as const;
