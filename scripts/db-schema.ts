/**
 * `npm run db:schema -- <name>`: after a change to prisma/schema.prisma (the one data model),
 * writes both migrations and the PostgreSQL schema, so a change of the model is one hand-edited
 * file:
 * - the SQLite migration, prisma/migrations/<timestamp>_<name>/migration.sql, from the model as
 *   it was (the PostgreSQL schema not yet rewritten is that model under PostgreSQL's datasource)
 *   to the model as it is;
 * - prisma/postgres/schema.prisma, rewritten from the model;
 * - the PostgreSQL migration, prisma/postgres/migrations/<timestamp>_<name>/migration.sql, from
 *   the previous PostgreSQL schema to the new one.
 * Without a name it only rewrites the PostgreSQL schema. Read both migrations before committing
 * (a renamed column reads as a drop and an add). tests/api/postgres-schema.test.ts checks that the
 * schemas agree and that each database's migrations build its model.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS } from "./lib/database";
import { POSTGRES_SCHEMA, SQLITE_SCHEMA, sqliteSchemaOf, writePostgresSchema } from "./lib/postgres-schema";

/** The SQL that takes a database of model `from` to model `to`, as `prisma migrate diff` writes it. */
function diff(from: string, to: string, config: string[], databaseUrl: string): string {
  const args = ["prisma", "migrate", "diff", ...config, "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"];
  // Each config wants a database to talk to, though a diff of two files needs none.
  return execFileSync("npx", args, { encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
}

function writeMigration(dir: string, sql: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`Wrote ${dir}/migration.sql — read it before committing`);
}

const name = process.argv[2];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "minibank-schema-"));
const [previousPostgres, previousSqlite] = [path.join(scratch, "postgres.prisma"), path.join(scratch, "sqlite.prisma")];
fs.copyFileSync(POSTGRES_SCHEMA, previousPostgres);
fs.writeFileSync(previousSqlite, sqliteSchemaOf(fs.readFileSync(POSTGRES_SCHEMA, "utf8")));
writePostgresSchema();
console.log(`Wrote ${POSTGRES_SCHEMA}`);
if (name) {
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const sqlite = diff(previousSqlite, SQLITE_SCHEMA, [], `file:${path.join(scratch, "diff.db")}`);
  const postgres = diff(previousPostgres, POSTGRES_SCHEMA, ["--config", "prisma/postgres/prisma.config.ts"], "postgresql://postgres@127.0.0.1:5432/postgres");
  if (sqlite.includes("This is an empty migration.")) {
    console.log(`${SQLITE_SCHEMA} describes what the migrations already build: no migration written`);
  } else {
    writeMigration(path.join(SQLITE_MIGRATIONS, `${stamp}_${name}`), sqlite);
    writeMigration(path.join(POSTGRES_MIGRATIONS, `${stamp}_${name}`), postgres);
  }
}
fs.rmSync(scratch, { recursive: true, force: true });
