/**
 * `npm run db:backup -- <file>`: a consistent copy of DATABASE_URL while the server keeps serving
 * (SQLite: the online backup API; PostgreSQL: `pg_dump --format=custom`). See the README's
 * "Operating Minibank" for the procedure and retention.
 */
import fs from "node:fs";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { backupDatabase } from "./lib/backup";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npm run db:backup -- <file>");
  await backupDatabase(getDatabaseUrl(), file);
  console.log(`backup written to ${file} (${fs.statSync(file).size} bytes)`);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
