/**
 * `npm run db:restore -- <file>`: restores a backup made by `npm run db:backup` into DATABASE_URL,
 * which must be empty (a new SQLite file, a new PostgreSQL database), applies newer migrations,
 * then runs the ledger check on it: exits 0 only when the restored ledger balances.
 */
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { restoreDatabase } from "./lib/backup";
import { checkDatabase } from "./ledger-check";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npm run db:restore -- <file>");
  const url = getDatabaseUrl();
  await restoreDatabase(url, file);
  console.log(`restored ${file}`);
  return checkDatabase(url);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
