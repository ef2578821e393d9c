// A second, empty, migrated database from the run's templates: of the test file's kind (SQLite or
// PostgreSQL) by default, or of the kind named — a file that compares the two databases asks for
// the other one.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
// @ts-expect-error -- a plain .mjs helper shared with jest's global setup
import { adminSql, postgresUrl } from "./postgres.mjs";

export type DatabaseKind = "sqlite" | "postgresql";

/** The kind of database the test file runs on (its project's). */
export function kindOfThisFile(): DatabaseKind {
  return process.env.DATABASE_URL?.startsWith("postgres") ? "postgresql" : "sqlite";
}

export function freshDatabaseUrl(kind: DatabaseKind = kindOfThisFile()): string {
  if (kind === "postgresql") {
    const pgPrefix = process.env.MINIBANK_TEST_PG_PREFIX;
    // Only the api-postgres project's global setup builds the PostgreSQL template.
    if (!pgPrefix) throw new Error("no PostgreSQL template: run this file in the api-postgres project");
    const name = `${pgPrefix}_${crypto.randomBytes(6).toString("hex")}`;
    (adminSql as (sql: string) => void)(`CREATE DATABASE "${name}" TEMPLATE "${pgPrefix}_template"`);
    return (postgresUrl as (name: string) => string)(name);
  }
  // Both projects' global setups build the SQLite template (global-setup.mjs).
  const template = process.env.MINIBANK_TEST_TEMPLATE_DB;
  if (!template) throw new Error("jest globalSetup did not prepare the SQLite template database");
  const dir = fs.mkdtempSync(path.join(path.dirname(template), "fresh-"));
  const file = path.join(dir, "fresh.db");
  fs.copyFileSync(template, file);
  return `file:${file}`;
}
