import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { replicaSql } from "@/lib/server/db/replica";
import { TRANSFER_KINDS } from "@/lib/shared/transfer-kind";

/**
 * Every statement of the analytics view. One view is one query: the account itself (that it is
 * the caller's, its currency), the sums per currency and month, and the counterparties of the
 * last month come back as the rows of one UNION ALL, told apart by `section`.
 */

/** Whose postings a view reads: one account of the caller's, or all of them (`walletId` null). */
export type FlowScope = { userId: number; walletId: number | null };

/** `edges`: the months' boundaries (n + 1 instants for n months, see months.ts). */
export type FlowWindow = { edges: Date[] };

/** The account asked for, when it is the caller's. */
export type WalletRow = { section: "wallet"; currency: string };

/**
 * Postings of one currency in one month of the view: `month` −1 is everything before the view
 * (only `net`: the balance the view opens with), 0…n−1 its months (anything after the view is
 * read only to work out that opening balance). `amountIn`/`amountOut` leave out the
 * movements between two of the caller's own accounts when the view is the total (an exchange is
 * not money in or out of it); `net` counts every posting, so the balance stays exact.
 */
export type MonthRow = { section: "month"; currency: string; month: number; amountIn: bigint; amountOut: bigint; net: bigint };

/** What moved between the caller and one other person in the view's last month, per currency. */
export type PartyRow = {
  section: "party";
  currency: string;
  userId: number;
  username: string | null;
  telegramFirstName: string | null;
  amountIn: bigint;
  amountOut: bigint;
};

export type FlowRow = WalletRow | MonthRow | PartyRow;

/** One of the scope's accounts and its balance now (the store works the opening balances out of them). */
type BalanceRow = { section: "balance"; currency: string; net: bigint };

type RawRow = {
  section: string;
  currency: string;
  month: number | bigint | null;
  userId: number | bigint | null;
  username: string | null;
  telegramFirstName: string | null;
  amountIn: bigint | number | string | null;
  amountOut: bigint | number | string | null;
  net: bigint | number | string | null;
};

const big = (value: bigint | number | string | null) => BigInt(value ?? 0);

/** The caller's accounts of the scope: one account, or every account they hold. */
function scopeOf(scope: FlowScope): Prisma.Sql {
  return scope.walletId === null
    ? Prisma.sql`w."userId" = ${scope.userId}`
    : Prisma.sql`w."userId" = ${scope.userId} AND w."id" = ${scope.walletId}`;
}

/**
 * Reads a whole view in one statement, from the movements since the view's first month began
 * only: a balance before the view is the account's balance now less everything since (the
 * ledger keeps both equal), so older history costs nothing. Those movements are found through
 * the transfers' (wallet, time) indexes; each posting is read once, and whether it is between
 * two of the caller's accounts is a test against their list, not a query per posting. The month
 * of a posting is its transfer's time compared with the boundaries as parameters (a CASE), which
 * both databases evaluate alike and which counts exactly the instants a statement of that month
 * counts.
 */
export async function readFlows(scope: FlowScope, window: FlowWindow): Promise<FlowRow[]> {
  const { edges } = window;
  const months = edges.length - 1;
  // Integer literals (never user input), so that PostgreSQL types the CASE as an integer.
  const monthOf = Prisma.sql`CASE ${Prisma.join(
    edges.slice(1).map((edge, i) => Prisma.sql`WHEN t."createdAt" < ${edge} THEN ${Prisma.raw(String(i))}`),
    " ",
  )} ELSE ${Prisma.raw(String(months))} END`;
  // Between two of one's own accounts (an exchange, a transfer to oneself) is no money in or out
  // of the total; one account's view counts it as its statement does.
  const external =
    scope.walletId === null
      ? Prisma.sql`NOT (t."senderWalletId" IN (SELECT "id" FROM "mine") AND t."receiverWalletId" IN (SELECT "id" FROM "mine"))`
      : Prisma.sql`1 = 1`;
  const kinds = Prisma.join(TRANSFER_KINDS.map((kind) => Prisma.sql`${kind}`));
  // Insights: a read the replica may serve (lib/server/db/replica.ts).
  const rows = await replicaSql((sql) => sql.$queryRaw<RawRow[]>`
    WITH "mine" AS (
      SELECT w."id", w."currency", w."balance" FROM "Wallet" w WHERE ${scopeOf(scope)}
    ), "moved" AS (
      SELECT t."id", t."createdAt", t."senderWalletId", t."receiverWalletId" FROM "Transfer" t
      WHERE t."senderWalletId" IN (SELECT "id" FROM "mine") AND t."createdAt" >= ${edges[0]}
      UNION
      SELECT t."id", t."createdAt", t."senderWalletId", t."receiverWalletId" FROM "Transfer" t
      WHERE t."receiverWalletId" IN (SELECT "id" FROM "mine") AND t."kind" IN (${kinds}) AND t."createdAt" >= ${edges[0]}
    ), "flow" AS MATERIALIZED (
      SELECT p."walletId" AS "walletId", p."currency" AS "currency", p."amount" AS "amount", t."createdAt" AS "createdAt",
        t."senderWalletId" AS "senderWalletId", t."receiverWalletId" AS "receiverWalletId", ${monthOf} AS "month",
        CASE WHEN ${external} THEN 1 ELSE 0 END AS "external"
      FROM "moved" t JOIN "Posting" p ON p."transferId" = t."id"
      -- The unary + keeps SQLite off the postings' wallet index (every posting the accounts ever
      -- had): the postings are reached from the movements, by transfer.
      WHERE +p."walletId" IN (SELECT "id" FROM "mine")
    )
    SELECT 'wallet' AS "section", m."currency" AS "currency", CAST(NULL AS INTEGER) AS "month",
      CAST(NULL AS INTEGER) AS "userId", CAST(NULL AS TEXT) AS "username", CAST(NULL AS TEXT) AS "telegramFirstName",
      CAST(0 AS BIGINT) AS "amountIn", CAST(0 AS BIGINT) AS "amountOut", CAST(0 AS BIGINT) AS "net"
    FROM "mine" m
    WHERE m."id" = ${scope.walletId ?? 0}
    UNION ALL
    SELECT 'balance', m."currency", NULL, NULL, NULL, NULL, CAST(0 AS BIGINT), CAST(0 AS BIGINT), m."balance"
    FROM "mine" m
    UNION ALL
    SELECT 'month', f."currency", f."month", NULL, NULL, NULL,
      CAST(SUM(CASE WHEN f."amount" > 0 AND f."external" = 1 THEN f."amount" ELSE 0 END) AS BIGINT),
      CAST(SUM(CASE WHEN f."amount" < 0 AND f."external" = 1 THEN -f."amount" ELSE 0 END) AS BIGINT),
      CAST(SUM(f."amount") AS BIGINT)
    FROM "flow" f
    GROUP BY f."currency", f."month"
    UNION ALL
    SELECT 'party', f."currency", NULL, u."id", u."username", u."telegramFirstName",
      CAST(SUM(CASE WHEN f."amount" > 0 THEN f."amount" ELSE 0 END) AS BIGINT),
      CAST(SUM(CASE WHEN f."amount" < 0 THEN -f."amount" ELSE 0 END) AS BIGINT),
      CAST(0 AS BIGINT)
    FROM "flow" f
    JOIN "Wallet" o ON o."id" = CASE WHEN f."amount" > 0 THEN f."senderWalletId" ELSE f."receiverWalletId" END
    JOIN "User" u ON u."id" = o."userId"
    WHERE f."month" = ${Prisma.raw(String(months - 1))} AND o."userId" <> ${scope.userId} AND NOT u."isSystem"
    GROUP BY f."currency", u."id", u."username", u."telegramFirstName"`);
  return openingFrom(rows.map(toFlowRow), months);
}

/** A row as the statement answers it; `balance` rows hold an account's balance now in `net`. */
function toFlowRow(row: RawRow): FlowRow | BalanceRow {
  if (row.section === "wallet") return { section: "wallet", currency: row.currency };
  if (row.section === "balance") return { section: "balance", currency: row.currency, net: big(row.net) };
  if (row.section === "month") {
    return {
      section: "month",
      currency: row.currency,
      month: Number(row.month),
      amountIn: big(row.amountIn),
      amountOut: big(row.amountOut),
      net: big(row.net),
    };
  }
  return {
    section: "party",
    currency: row.currency,
    userId: Number(row.userId),
    username: row.username,
    telegramFirstName: row.telegramFirstName,
    amountIn: big(row.amountIn),
    amountOut: big(row.amountOut),
  };
}

/**
 * The balance each currency opens the view with (month −1): the accounts' balances now less every
 * posting since the view began, the view's months and after (month `months`, dropped here).
 */
function openingFrom(rows: (FlowRow | BalanceRow)[], months: number): FlowRow[] {
  const opening = new Map<string, bigint>();
  const add = (currency: string, amount: bigint) => opening.set(currency, (opening.get(currency) ?? 0n) + amount);
  const kept: FlowRow[] = [];
  for (const row of rows) {
    if (row.section === "balance") add(row.currency, row.net);
    else if (row.section === "month") {
      add(row.currency, -row.net);
      if (row.month < months) kept.push(row);
    } else kept.push(row);
  }
  for (const [currency, net] of opening) {
    if (net !== 0n) kept.push({ section: "month", currency, month: -1, amountIn: 0n, amountOut: 0n, net });
  }
  return kept;
}
