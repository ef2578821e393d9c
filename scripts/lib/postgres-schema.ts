/**
 * The PostgreSQL data model is the SQLite one (prisma/schema.prisma, the single source of truth)
 * with another datasource and client output: `npm run db:schema` writes prisma/postgres/schema.prisma
 * from it, and tests/api/postgres-schema.test.ts fails when the two disagree.
 */
import fs from "node:fs";
import path from "node:path";

export const SQLITE_SCHEMA = path.join("prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join("prisma", "postgres", "schema.prisma");

function replaceOnce(text: string, from: RegExp, to: string): string {
  if (!from.test(text)) throw new Error(`${SQLITE_SCHEMA} no longer matches ${from}`);
  return text.replace(from, to);
}

const GENERATED_HEADER = "// Generated from ../schema.prisma by `npm run db:schema`: edit that file, not this one.\n";

/** The url prisma/schema.prisma names: a placeholder (the app gives its adapter DATABASE_URL). */
const SQLITE_URL = "file:./data/minibank.db";

export function postgresSchema(sqlite: string): string {
  let text = replaceOnce(sqlite, /output(\s*)= "\.\.\/lib\/generated\/prisma"/, 'output$1= "../../lib/generated/prisma-pg"');
  text = replaceOnce(text, /provider = "sqlite"\n(\s*)url(\s*)= "[^"]*"/, 'provider = "postgresql"\n$1url$2= "postgresql://localhost/minibank"');
  return `${GENERATED_HEADER}${text}`;
}

/**
 * The SQLite data model a PostgreSQL one was made from: `postgresSchema` undone. Until
 * `npm run db:schema` runs, the PostgreSQL schema is the SQLite schema before the change, which is
 * what the SQLite migration is written from.
 */
export function sqliteSchemaOf(postgres: string): string {
  let text = postgres.startsWith(GENERATED_HEADER) ? postgres.slice(GENERATED_HEADER.length) : postgres;
  text = replaceOnce(text, /output(\s*)= "\.\.\/\.\.\/lib\/generated\/prisma-pg"/, 'output$1= "../lib/generated/prisma"');
  return replaceOnce(text, /provider = "postgresql"\n(\s*)url(\s*)= "postgresql:\/\/localhost\/minibank"/, `provider = "sqlite"\n$1url$2= "${SQLITE_URL}"`);
}

export function writePostgresSchema(root = process.cwd()): string {
  const text = postgresSchema(fs.readFileSync(path.join(root, SQLITE_SCHEMA), "utf8"));
  fs.mkdirSync(path.join(root, path.dirname(POSTGRES_SCHEMA)), { recursive: true });
  fs.writeFileSync(path.join(root, POSTGRES_SCHEMA), text);
  return text;
}
