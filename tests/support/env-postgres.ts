// Runs before each API test file of the PostgreSQL project: the same as env.ts, on the test file's
// own clone of the migrated template database (created by global-setup-postgres.mjs).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup, which cannot load TypeScript
import { adminSql, postgresUrl } from "./postgres.mjs";
import { API_TEST_ENV } from "./test-env";

const prefix = process.env.MINIBANK_TEST_PG_PREFIX;
if (!prefix) throw new Error("jest globalSetup did not prepare the PostgreSQL template database");

const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
(adminSql as (sql: string) => void)(`CREATE DATABASE "${name}" TEMPLATE "${prefix}_template"`);

Object.assign(process.env, {
  DATABASE_URL: (postgresUrl as (name: string) => string)(name),
  // Named after the run, so that the global teardown removes it with the databases.
  MINIBANK_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-data-`)),
  ...API_TEST_ENV,
});
delete process.env.SMTP_URL;
