/**
 * `npm run ledger:check`: checks the ledger of DATABASE_URL (SQLite or PostgreSQL) on one
 * read-only snapshot — the server may keep serving — and prints every breach with what was
 * expected and what was found. Exits 1 when any invariant is broken, 2 when it cannot check.
 */
import { readSnapshot } from "@/lib/server/db/snapshot";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { checkLedger, describeProblem, type LedgerCheck } from "@/lib/server/ledger/check";

/** Prints a check's outcome; returns the exit code it deserves. */
export function report(result: LedgerCheck, print: (line: string) => void = console.log): number {
  const { wallets, transfers, postings } = result.counted;
  const counted = `${wallets} wallets, ${transfers} transfers, ${postings} postings`;
  if (result.ok) {
    print(`ledger check passed: ${counted} (${result.durationMs} ms)`);
    return 0;
  }
  print(`ledger check FAILED: ${result.problemCount} breach(es) in ${counted}`);
  for (const problem of result.problems) print(`  - ${describeProblem(problem)}`);
  if (result.problems.length < result.problemCount) print(`  … and ${result.problemCount - result.problems.length} more`);
  return 1;
}

export async function checkDatabase(url: string): Promise<number> {
  return report(await readSnapshot(url, checkLedger));
}

if (require.main === module) {
  checkDatabase(getDatabaseUrl()).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`ledger check could not run: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(2);
    },
  );
}
