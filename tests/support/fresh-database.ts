// A second, empty, migrated database of the test file's kind (SQLite or PostgreSQL), from the
// run's template.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { adminSql, postgresUrl } from "./postgres.mjs";

export function freshDatabaseUrl(): string {
  const pgPrefix = process.env.MINIBANK_TEST_PG_PREFIX;
  if (process.env.DATABASE_URL?.startsWith("postgres") && pgPrefix) {
    const name = `${pgPrefix}_${crypto.randomBytes(6).toString("hex")}`;
    (adminSql as (sql: string) => void)(`CREATE DATABASE "${name}" TEMPLATE "${pgPrefix}_template"`);
    return (postgresUrl as (name: string) => string)(name);
  }
  const template = process.env.MINIBANK_TEST_TEMPLATE_DB!;
  const dir = fs.mkdtempSync(path.join(path.dirname(template), "fresh-"));
  const file = path.join(dir, "fresh.db");
  fs.copyFileSync(template, file);
  return `file:${file}`;
}
