import "server-only";
import type { Sql } from "@/lib/server/db";
import {
  countLedger,
  currencySumBreaches,
  postingCurrencyBreaches,
  transfersWithoutPostings,
  unbalancedTransfers,
  walletBreaches,
} from "@/lib/server/ledger/store-check";
import { clockNow } from "@/lib/server/platform/clock";

/** At most this many breaches of each kind are listed (the count is always exact). */
const LISTED = 100;

/** One breach of the ledger's invariants, with what was expected and what was found. */
export type LedgerProblem =
  | { kind: "walletBalance"; walletId: number; currency: string; expected: string; found: string }
  | { kind: "negativeBalance"; walletId: number; currency: string; found: string }
  | { kind: "bankBalanceColumn"; walletId: number; currency: string; found: string }
  | { kind: "postingCurrency"; postingId: number; walletId: number; expected: string; found: string }
  | { kind: "unbalancedTransfer"; transferId: number; currency: string; expected: string; found: string }
  | { kind: "transferWithoutPostings"; transferId: number }
  | { kind: "currencySum"; currency: string; expected: string; found: string };

export type LedgerCheck = {
  ok: boolean;
  /** How many breaches there are in all (`problems` lists at most 100 of each kind). */
  problemCount: number;
  problems: LedgerProblem[];
  counted: { wallets: number; transfers: number; postings: number };
  checkedAt: Date;
  durationMs: number;
};

/** The advisory lock PostgreSQL instances take turns on for the scheduled check. */
export const LEDGER_CHECK_LOCK = 7_306_212_027;

const count = (value: unknown) => Number(value ?? 0);
const money = (value: unknown) => BigInt((value as bigint | number | string | null) ?? 0).toString();

/**
 * Checks the double-entry invariants on `sql` (best on one snapshot: see `readSnapshot`):
 * - each customer wallet's balance equals the sum of its postings, and is not negative;
 * - the bank's wallets keep no running balance (the column stays 0; their balance is the sum of
 *   their postings);
 * - every posting is in its wallet's currency;
 * - each transfer's postings sum to zero per currency, and every transfer has postings;
 * - per currency, all balances (customers' columns, the bank's postings) sum to zero.
 * Each is one aggregate statement that returns only the breaches.
 */
export async function checkLedger(sql: Sql): Promise<LedgerCheck> {
  const started = performance.now();
  const checkedAt = clockNow();
  const problems: LedgerProblem[] = [];
  let problemCount = 0;
  const add = (rows: Record<string, unknown>[], map: (row: Record<string, unknown>) => LedgerProblem) => {
    problemCount += rows.length;
    problems.push(...rows.slice(0, LISTED).map(map));
  };

  const wallets = await walletBreaches(sql);
  const walletProblems = wallets.flatMap((w): LedgerProblem[] => {
    const base = { walletId: count(w.id), currency: String(w.currency), found: money(w.balance) };
    if (count(w.bank)) return [{ kind: "bankBalanceColumn", ...base }];
    const found: LedgerProblem[] = [];
    if (base.found !== money(w.posted)) found.push({ kind: "walletBalance", ...base, expected: money(w.posted) });
    if (BigInt(base.found) < 0n) found.push({ kind: "negativeBalance", ...base });
    return found;
  });
  problemCount += walletProblems.length;
  problems.push(...walletProblems.slice(0, LISTED));

  add(
    await postingCurrencyBreaches(sql),
    (r) => ({
      kind: "postingCurrency",
      postingId: count(r.id),
      walletId: count(r.walletId),
      expected: String(r.walletCurrency),
      found: String(r.currency),
    }),
  );

  add(
    await unbalancedTransfers(sql),
    (r) => ({
      kind: "unbalancedTransfer",
      transferId: count(r.transferId),
      currency: String(r.currency),
      expected: "0",
      found: money(r.total),
    }),
  );

  add(
    await transfersWithoutPostings(sql),
    (r) => ({ kind: "transferWithoutPostings", transferId: count(r.id) }),
  );

  add(
    await currencySumBreaches(sql),
    (r) => ({ kind: "currencySum", currency: String(r.currency), expected: "0", found: money(r.total) }),
  );

  const counted = await countLedger(sql);
  return {
    ok: problemCount === 0,
    problemCount,
    problems,
    counted: { wallets: count(counted.wallets), transfers: count(counted.transfers), postings: count(counted.postings) },
    checkedAt,
    durationMs: Math.round(performance.now() - started),
  };
}

/** One line per breach, for people: what is wrong, where, what was expected, what was found. */
export function describeProblem(problem: LedgerProblem): string {
  switch (problem.kind) {
    case "walletBalance":
      return `wallet ${problem.walletId} (${problem.currency}): balance ${problem.found}, expected ${problem.expected} (the sum of its postings)`;
    case "negativeBalance":
      return `wallet ${problem.walletId} (${problem.currency}): negative balance ${problem.found}, expected at least 0`;
    case "bankBalanceColumn":
      return `bank wallet ${problem.walletId} (${problem.currency}): balance column ${problem.found}, expected 0 (the bank's balance is the sum of its postings)`;
    case "postingCurrency":
      return `posting ${problem.postingId} on wallet ${problem.walletId}: currency ${problem.found}, expected ${problem.expected}`;
    case "unbalancedTransfer":
      return `transfer ${problem.transferId} (${problem.currency}): postings sum to ${problem.found}, expected 0`;
    case "transferWithoutPostings":
      return `transfer ${problem.transferId}: no postings, expected at least two`;
    case "currencySum":
      return `${problem.currency}: all balances sum to ${problem.found}, expected 0`;
  }
}
