// The environment every API suite runs with, and the raised limits every suite shares: suites send
// many transfers (and requests, shares) from few people; the limits have tests of their own that
// lower these.

export const RAISED_LIMITS = {
  TRANSFER_LIMIT_PER_USER: "1000000",
  LOOKUP_LIMIT_PER_USER: "1000000",
  TOPUP_COUNT_DAILY_LIMIT: "1000000",
  STATEMENT_DOWNLOAD_LIMIT_PER_USER: "10000",
  INSIGHTS_LIMIT_PER_USER: "10000",
  EXCHANGE_COUNT_DAILY_LIMIT: "1000000",
  PAYMENT_REQUEST_LIMIT_PER_USER: "1000000",
  SHARE_LIMIT_PER_USER: "1000000",
  SCHEDULE_LIMIT_PER_USER: "10000",
};

/** Fixed test secrets, demo mode on so demo-only endpoints can be exercised, and the raised limits. */
export const API_TEST_ENV = {
  MINIBANK_DEMO: "1",
  JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
  TELEGRAM_BOT_TOKEN: "7000000001:TEST_bot_token_for_jest_only_abcdef",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  ...RAISED_LIMITS,
};
