// Runs before each API/unit test file: its own copy of the migrated template database and
// fixed test secrets. Demo mode is on so demo-only endpoints can be exercised.
import fs from "node:fs";
import path from "node:path";

const template = process.env.MINIBANK_TEST_TEMPLATE_DB;
if (!template) throw new Error("jest globalSetup did not prepare the template database");

// Inside the run's own folder, which global-teardown.mjs removes with everything in it.
const dir = fs.mkdtempSync(path.join(path.dirname(template), "file-"));
const dbFile = path.join(dir, "test.db");
fs.copyFileSync(template, dbFile);

Object.assign(process.env, {
  DATABASE_URL: `file:${dbFile}`,
  MINIBANK_DATA_DIR: dir,
  MINIBANK_DEMO: "1",
  JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
  TELEGRAM_BOT_TOKEN: "7000000001:TEST_bot_token_for_jest_only_abcdef",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  // Suites send many transfers (and requests, shares) from few people; the limits have tests of their own that lower these.
  TRANSFER_LIMIT_PER_USER: "1000000",
  LOOKUP_LIMIT_PER_USER: "1000000",
  TOPUP_COUNT_DAILY_LIMIT: "1000000",
  STATEMENT_DOWNLOAD_LIMIT_PER_USER: "10000",
  PAYMENT_REQUEST_LIMIT_PER_USER: "1000000",
  SHARE_LIMIT_PER_USER: "1000000",
});
delete process.env.SMTP_URL;
