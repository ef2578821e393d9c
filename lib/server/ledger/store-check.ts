import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "@/lib/server/db";

/**
 * The statements of the ledger's invariant check (check.ts): each is one aggregate that returns
 * only the breaches. Columns come back as the driver gives them (ids and sums may be number,
 * bigint or string); check.ts reads them with Number() and BigInt().
 */

type Row = Record<string, unknown>;

/** Sum of each wallet's postings, one row per wallet that has any. */
const POSTED = Prisma.sql`(SELECT "walletId", SUM("amount") AS "total" FROM "Posting" GROUP BY "walletId")`;

/**
 * Wallets whose balance column breaks a rule: a bank wallet's column is not 0, or a customer's is
 * negative or not the sum of its postings. Columns: id, currency, balance, posted, bank (1 or 0).
 */
export function walletBreaches(sql: Sql): Promise<Row[]> {
  return sql.$queryRaw<Row[]>`
    SELECT w."id", w."currency", w."balance", CAST(COALESCE(p."total", 0) AS BIGINT) AS "posted",
      CASE WHEN u."isSystem" THEN 1 ELSE 0 END AS "bank"
    FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" LEFT JOIN ${POSTED} p ON p."walletId" = w."id"
    WHERE (u."isSystem" AND w."balance" <> 0)
      OR (NOT u."isSystem" AND (w."balance" < 0 OR w."balance" <> COALESCE(p."total", 0)))
    ORDER BY w."id"`;
}

/** Postings not in their wallet's currency. Columns: id, walletId, currency, walletCurrency. */
export function postingCurrencyBreaches(sql: Sql): Promise<Row[]> {
  return sql.$queryRaw<Row[]>`
      SELECT p."id", p."walletId", p."currency", w."currency" AS "walletCurrency"
      FROM "Posting" p JOIN "Wallet" w ON w."id" = p."walletId"
      WHERE p."currency" <> w."currency" ORDER BY p."id"`;
}

/** Transfers whose postings do not sum to zero in a currency. Columns: transferId, currency, total. */
export function unbalancedTransfers(sql: Sql): Promise<Row[]> {
  return sql.$queryRaw<Row[]>`
      SELECT "transferId", "currency", CAST(SUM("amount") AS BIGINT) AS "total"
      FROM "Posting" GROUP BY "transferId", "currency" HAVING SUM("amount") <> 0 ORDER BY "transferId", "currency"`;
}

/** Transfers with no postings. Column: id. */
export function transfersWithoutPostings(sql: Sql): Promise<Row[]> {
  return sql.$queryRaw<Row[]>`
      SELECT t."id" FROM "Transfer" t
      WHERE NOT EXISTS (SELECT 1 FROM "Posting" p WHERE p."transferId" = t."id") ORDER BY t."id"`;
}

/**
 * Currencies whose balances (customers' columns, the bank's postings) do not sum to zero.
 * Columns: currency, total.
 */
export function currencySumBreaches(sql: Sql): Promise<Row[]> {
  return sql.$queryRaw<Row[]>`
      SELECT w."currency",
        CAST(SUM(CASE WHEN u."isSystem" THEN COALESCE(p."total", 0) ELSE w."balance" END) AS BIGINT) AS "total"
      FROM "Wallet" w JOIN "User" u ON u."id" = w."userId" LEFT JOIN ${POSTED} p ON p."walletId" = w."id"
      GROUP BY w."currency"
      HAVING SUM(CASE WHEN u."isSystem" THEN COALESCE(p."total", 0) ELSE w."balance" END) <> 0
      ORDER BY w."currency"`;
}

/** How many wallets, transfers and postings the ledger holds (as the driver gives the counts). */
export async function countLedger(sql: Sql): Promise<{ wallets: unknown; transfers: unknown; postings: unknown }> {
  const [counted] = await sql.$queryRaw<Row[]>`
    SELECT (SELECT COUNT(*) FROM "Wallet") AS "wallets", (SELECT COUNT(*) FROM "Transfer") AS "transfers",
      (SELECT COUNT(*) FROM "Posting") AS "postings"`;
  return { wallets: counted.wallets, transfers: counted.transfers, postings: counted.postings };
}
