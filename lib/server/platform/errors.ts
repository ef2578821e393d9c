import "server-only";
import { DEFAULT_LANGUAGE, message, type Language, type MessageKey } from "@/lib/shared/i18n";

/** Every error the API can answer with: HTTP status and the key of its words (lib/shared/strings.ts). */
const ERRORS = {
  VALIDATION_ERROR: { status: 400, key: "errors.validation" },
  INVALID_JSON: { status: 400, key: "errors.invalidJson" },
  INVALID_AMOUNT: { status: 400, key: "errors.invalidAmount" },
  UNKNOWN_CURRENCY: { status: 400, key: "errors.unknownCurrency" },
  SAME_WALLET: { status: 400, key: "errors.sameWallet" },
  INVALID_DATE_RANGE: { status: 400, key: "errors.invalidDateRange" },
  REQUEST_ABORTED: { status: 400, key: "errors.requestAborted" },
  UNAUTHORIZED: { status: 401, key: "errors.unauthorized" },
  INVALID_CODE: { status: 401, key: "errors.wrongCode" },
  INVALID_INIT_DATA: { status: 401, key: "errors.invalidInitData" },
  INVALID_REFRESH_TOKEN: { status: 401, key: "errors.invalidRefresh" },
  FORBIDDEN: { status: 403, key: "errors.forbidden" },
  NOT_FOUND: { status: 404, key: "errors.notFound" },
  USER_NOT_FOUND: { status: 404, key: "errors.userNotFound" },
  WALLET_NOT_FOUND: { status: 404, key: "errors.walletNotFound" },
  RATE_NOT_FOUND: { status: 404, key: "errors.rateNotFound" },
  IDEMPOTENCY_MISMATCH: { status: 409, key: "errors.idempotencyMismatch" },
  REQUEST_PAID: { status: 409, key: "requests.errors.paid" },
  REQUEST_CANCELLED: { status: 409, key: "requests.errors.cancelled" },
  REQUEST_EXPIRED: { status: 409, key: "requests.errors.expired" },
  SCHEDULE_INACTIVE: { status: 409, key: "schedules.errors.notActive" },
  REQUEST_OWN: { status: 400, key: "requests.errors.own" },
  SPLIT_CLOSED: { status: 409, key: "splits.errors.full" },
  POCKET_LOCKED: { status: 409, key: "pockets.errors.locked" },
  POCKET_CLOSED: { status: 409, key: "pockets.errors.closed" },
  POCKET_ROUND_UP_TAKEN: { status: 409, key: "pockets.errors.roundUpTaken" },
  PAYLOAD_TOO_LARGE: { status: 413, key: "errors.payloadTooLarge" },
  INSUFFICIENT_FUNDS: { status: 422, key: "errors.insufficientFunds" },
  BALANCE_LIMIT: { status: 422, key: "errors.balanceLimit" },
  TELEGRAM_ONLY: { status: 422, key: "share.errors.telegramOnly" },
  TOPUP_DAILY_LIMIT: { status: 422, key: "errors.topUpDailyLimit" },
  SPENDING_LIMIT: { status: 422, key: "errors.spendingLimit" },
  TRANSFERS_FROZEN: { status: 423, key: "errors.transfersFrozen" },
  STATEMENT_TOO_LARGE: { status: 422, key: "errors.statementTooLarge" },
  SCHEDULE_LIMIT: { status: 422, key: "schedules.errors.tooMany" },
  POCKET_LIMIT: { status: 422, key: "pockets.errors.tooMany" },
  ORDER_LIMIT: { status: 422, key: "orders.errors.tooManyOrders" },
  ALERT_LIMIT: { status: 422, key: "orders.errors.tooManyAlerts" },
  RATE_LIMITED: { status: 429, key: "errors.rateLimited" },
  INTERNAL_ERROR: { status: 500, key: "errors.internal" },
  MAIL_FAILED: { status: 502, key: "errors.mailFailed" },
  TELEGRAM_FAILED: { status: 502, key: "share.errors.telegramFailed" },
  UNAVAILABLE: { status: 503, key: "errors.unavailable" },
  RATE_UNAVAILABLE: { status: 503, key: "errors.rateUnavailable" },
  SHARE_UNAVAILABLE: { status: 503, key: "share.errors.unavailable" },
} as const satisfies Record<string, { status: number; key: MessageKey }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The key of the words a code answers with when nothing more specific was said. */
export function errorKey(code: ErrorCode): MessageKey {
  return ERRORS[code].key;
}

/**
 * The one error type of the server. Thrown anywhere; turned into `{message, code}` by the wrapper.
 * It carries a code and the key of its words — the code's own, or a more specific one (which
 * limit was hit) — never a text: the words are chosen in the caller's language at the edge.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: MessageKey;

  constructor(code: ErrorCode, key: MessageKey = ERRORS[code].key) {
    super(`${code}: ${key}`);
    this.name = "AppError";
    this.code = code;
    this.status = ERRORS[code].status;
    this.key = key;
  }
}

export type ErrorBody = { message: string; code: ErrorCode };

/** The error's body, its message in the caller's language (Russian by default). */
export function errorBody(error: AppError, language: Language = DEFAULT_LANGUAGE): ErrorBody {
  return { message: message(error.key, language), code: error.code };
}
