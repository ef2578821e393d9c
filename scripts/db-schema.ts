/**
 * `npm run db:schema -- <name>`: after a change to prisma/schema.prisma (and its SQLite migration),
 * rewrites the PostgreSQL schema from it and writes the PostgreSQL migration from the previous
 * PostgreSQL schema to the new one as prisma/postgres/migrations/<timestamp>_<name>/migration.sql.
 * Without a name it only rewrites the schema. tests/api/postgres-schema.test.ts checks both.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POSTGRES_MIGRATIONS } from "./lib/database";
import { POSTGRES_SCHEMA, writePostgresSchema } from "./lib/postgres-schema";

const name = process.argv[2];
const previous = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "minibank-schema-")), "schema.prisma");
fs.copyFileSync(POSTGRES_SCHEMA, previous);
writePostgresSchema();
console.log(`Wrote ${POSTGRES_SCHEMA}`);
if (name) {
  const sql = execFileSync(
    "npx",
    ["prisma", "migrate", "diff", "--config", "prisma/postgres/prisma.config.ts", "--from-schema-datamodel", previous,
      "--to-schema-datamodel", POSTGRES_SCHEMA, "--script"],
    // The PostgreSQL config wants a server to talk to, though a diff of two files needs none.
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres" } },
  );
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(POSTGRES_MIGRATIONS, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`Wrote ${dir}/migration.sql — read it before committing`);
}
