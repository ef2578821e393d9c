/**
 * `npm run db:function -- <name>`: writes the PostgreSQL functions of prisma/postgres/functions/
 * into a new migration, prisma/postgres/migrations/<UTC timestamp>_<name>/migration.sql, so that
 * each function has one reviewed source and every database gets it through the migrations.
 * tests/api/postgres-schema.test.ts fails while a function's source differs from the newest
 * migration that defines it.
 */
import fs from "node:fs";
import path from "node:path";
import { POSTGRES_FUNCTIONS, POSTGRES_MIGRATIONS } from "./lib/database";

function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) throw new Error("usage: npm run db:function -- <migration_name in snake_case>");
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const sources = fs.readdirSync(POSTGRES_FUNCTIONS).filter((file) => file.endsWith(".sql")).sort();
  const body = sources.map((file) => fs.readFileSync(path.join(POSTGRES_FUNCTIONS, file), "utf8").trimEnd()).join("\n\n");
  const dir = path.join(POSTGRES_MIGRATIONS, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), `-- Written by npm run db:function from prisma/postgres/functions/ (${sources.join(", ")}).\n\n${body}\n`);
  console.log(`wrote ${path.join(dir, "migration.sql")}`);
}

main();
