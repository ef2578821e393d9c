import "server-only";
import { translate, type Language } from "@/lib/shared/i18n";
import { ru } from "@/lib/shared/strings";

/** Every error the API can answer with: HTTP status and the default Russian message. */
const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: ru.errors.validation },
  INVALID_JSON: { status: 400, message: ru.errors.invalidJson },
  INVALID_AMOUNT: { status: 400, message: ru.errors.invalidAmount },
  UNKNOWN_CURRENCY: { status: 400, message: ru.errors.unknownCurrency },
  SAME_WALLET: { status: 400, message: ru.errors.sameWallet },
  INVALID_DATE_RANGE: { status: 400, message: ru.errors.invalidDateRange },
  REQUEST_ABORTED: { status: 400, message: ru.errors.requestAborted },
  UNAUTHORIZED: { status: 401, message: ru.errors.unauthorized },
  INVALID_CODE: { status: 401, message: ru.errors.wrongCode },
  INVALID_INIT_DATA: { status: 401, message: ru.errors.invalidInitData },
  INVALID_REFRESH_TOKEN: { status: 401, message: ru.errors.invalidRefresh },
  FORBIDDEN: { status: 403, message: ru.errors.forbidden },
  NOT_FOUND: { status: 404, message: ru.errors.notFound },
  USER_NOT_FOUND: { status: 404, message: ru.errors.userNotFound },
  WALLET_NOT_FOUND: { status: 404, message: ru.errors.walletNotFound },
  RATE_NOT_FOUND: { status: 404, message: ru.errors.rateNotFound },
  IDEMPOTENCY_MISMATCH: { status: 409, message: ru.errors.idempotencyMismatch },
  REQUEST_PAID: { status: 409, message: ru.requests.errors.paid },
  REQUEST_CANCELLED: { status: 409, message: ru.requests.errors.cancelled },
  REQUEST_EXPIRED: { status: 409, message: ru.requests.errors.expired },
  REQUEST_OWN: { status: 400, message: ru.requests.errors.own },
  SPLIT_CLOSED: { status: 409, message: ru.splits.errors.full },
  PAYLOAD_TOO_LARGE: { status: 413, message: ru.errors.payloadTooLarge },
  INSUFFICIENT_FUNDS: { status: 422, message: ru.errors.insufficientFunds },
  BALANCE_LIMIT: { status: 422, message: ru.errors.balanceLimit },
  TELEGRAM_ONLY: { status: 422, message: ru.share.errors.telegramOnly },
  TOPUP_DAILY_LIMIT: { status: 422, message: ru.errors.topUpDailyLimit },
  STATEMENT_TOO_LARGE: { status: 422, message: ru.errors.statementTooLarge },
  RATE_LIMITED: { status: 429, message: ru.errors.rateLimited },
  INTERNAL_ERROR: { status: 500, message: ru.errors.internal },
  MAIL_FAILED: { status: 502, message: ru.errors.mailFailed },
  TELEGRAM_FAILED: { status: 502, message: ru.share.errors.telegramFailed },
  UNAVAILABLE: { status: 503, message: ru.errors.unavailable },
  RATE_UNAVAILABLE: { status: 503, message: ru.errors.rateUnavailable },
  SHARE_UNAVAILABLE: { status: 503, message: ru.share.errors.unavailable },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** The one error type of the server. Thrown anywhere; turned into `{message, code}` by the wrapper. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message?: string) {
    super(message ?? ERRORS[code].message);
    this.name = "AppError";
    this.code = code;
    this.status = ERRORS[code].status;
  }
}

export type ErrorBody = { message: string; code: ErrorCode };

/** The error's body, its message in the caller's language (Russian by default). */
export function errorBody(error: AppError, language: Language = "ru"): ErrorBody {
  return { message: translate(error.message, language), code: error.code };
}
