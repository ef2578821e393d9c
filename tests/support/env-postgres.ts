// Runs before each API test file of the PostgreSQL project: the same as env.ts, on the test file's
// own clone of the migrated template database (created by global-setup-postgres.mjs).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup, which cannot load TypeScript
import { adminSql, postgresUrl } from "./postgres.mjs";

const prefix = process.env.MINIBANK_TEST_PG_PREFIX;
if (!prefix) throw new Error("jest globalSetup did not prepare the PostgreSQL template database");

const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
(adminSql as (sql: string) => void)(`CREATE DATABASE "${name}" TEMPLATE "${prefix}_template"`);

Object.assign(process.env, {
  DATABASE_URL: (postgresUrl as (name: string) => string)(name),
  MINIBANK_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "minibank-jest-pg-")),
  MINIBANK_DEMO: "1",
  JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
  TELEGRAM_BOT_TOKEN: "7000000001:TEST_bot_token_for_jest_only_abcdef",
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  // As env.ts: suites send many transfers from few people; transfer-limits.test.ts lowers these.
  TRANSFER_LIMIT_PER_USER: "1000000",
  LOOKUP_LIMIT_PER_USER: "1000000",
  TOPUP_COUNT_DAILY_LIMIT: "1000000",
  STATEMENT_DOWNLOAD_LIMIT_PER_USER: "10000",
  PAYMENT_REQUEST_LIMIT_PER_USER: "1000000",
  SHARE_LIMIT_PER_USER: "1000000",
});
delete process.env.SMTP_URL;
