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

export function postgresSchema(sqlite: string): string {
  let text = replaceOnce(sqlite, /output(\s*)= "\.\.\/lib\/generated\/prisma"/, 'output$1= "../../lib/generated/prisma-pg"');
  text = replaceOnce(text, /provider = "sqlite"\n(\s*)url(\s*)= "[^"]*"/, 'provider = "postgresql"\n$1url$2= "postgresql://localhost/minibank"');
  return `// Generated from ../schema.prisma by \`npm run db:schema\`: edit that file, not this one.\n${text}`;
}

export function writePostgresSchema(root = process.cwd()): string {
  const text = postgresSchema(fs.readFileSync(path.join(root, SQLITE_SCHEMA), "utf8"));
  fs.mkdirSync(path.join(root, path.dirname(POSTGRES_SCHEMA)), { recursive: true });
  fs.writeFileSync(path.join(root, POSTGRES_SCHEMA), text);
  return text;
}
