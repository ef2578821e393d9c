import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";

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
 * Postings of one currency in one month of the view: `month` −1 is everything before the view,
 * 0…n−1 its months (anything after the view is not read). `amountIn`/`amountOut` leave out the
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

/** The caller's postings of the scope: one account, or every account they hold. */
function scopeOf(scope: FlowScope): Prisma.Sql {
  return scope.walletId === null
    ? Prisma.sql`w."userId" = ${scope.userId}`
    : Prisma.sql`w."userId" = ${scope.userId} AND p."walletId" = ${scope.walletId}`;
}

/**
 * Reads a whole view in one statement. The month of a posting is its transfer's time compared
 * with the boundaries as parameters (a CASE), which both databases evaluate alike and which
 * counts exactly the instants a statement of that month counts.
 */
export async function readFlows(scope: FlowScope, window: FlowWindow): Promise<FlowRow[]> {
  const { edges } = window;
  const months = edges.length - 1;
  // Integer literals (never user input), so that PostgreSQL types the CASE as an integer.
  const monthOf = Prisma.sql`CASE ${Prisma.join(
    edges.map((edge, i) => Prisma.sql`WHEN t."createdAt" < ${edge} THEN ${Prisma.raw(String(i - 1))}`),
    " ",
  )} ELSE ${Prisma.raw(String(months))} END`;
  // Between two of one's own accounts (an exchange, a transfer to oneself) is no money in or out
  // of the total; one account's view counts it as its statement does.
  const external =
    scope.walletId === null
      ? Prisma.sql`(SELECT "userId" FROM "Wallet" WHERE "id" = CASE WHEN p."amount" > 0 THEN t."senderWalletId" ELSE t."receiverWalletId" END) <> w."userId"`
      : Prisma.sql`1 = 1`;
  const where = scopeOf(scope);
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<RawRow[]>`
    SELECT 'wallet' AS "section", w."currency" AS "currency", CAST(NULL AS INTEGER) AS "month",
      CAST(NULL AS INTEGER) AS "userId", CAST(NULL AS TEXT) AS "username", CAST(NULL AS TEXT) AS "telegramFirstName",
      CAST(0 AS BIGINT) AS "amountIn", CAST(0 AS BIGINT) AS "amountOut", CAST(0 AS BIGINT) AS "net"
    FROM "Wallet" w
    WHERE w."id" = ${scope.walletId ?? 0} AND w."userId" = ${scope.userId}
    UNION ALL
    SELECT 'month', m."currency", m."month", NULL, NULL, NULL,
      CAST(SUM(m."amountIn") AS BIGINT), CAST(SUM(m."amountOut") AS BIGINT), CAST(SUM(m."net") AS BIGINT)
    FROM (
      SELECT p."currency" AS "currency", ${monthOf} AS "month",
        CASE WHEN p."amount" > 0 AND ${external} THEN p."amount" ELSE 0 END AS "amountIn",
        CASE WHEN p."amount" < 0 AND ${external} THEN -p."amount" ELSE 0 END AS "amountOut",
        p."amount" AS "net"
      FROM "Posting" p
      JOIN "Wallet" w ON w."id" = p."walletId"
      JOIN "Transfer" t ON t."id" = p."transferId"
      WHERE ${where} AND t."createdAt" < ${edges[months]}
    ) m
    GROUP BY m."currency", m."month"
    UNION ALL
    SELECT 'party', p."currency", NULL, u."id", u."username", u."telegramFirstName",
      CAST(SUM(CASE WHEN p."amount" > 0 THEN p."amount" ELSE 0 END) AS BIGINT),
      CAST(SUM(CASE WHEN p."amount" < 0 THEN -p."amount" ELSE 0 END) AS BIGINT),
      CAST(0 AS BIGINT)
    FROM "Posting" p
    JOIN "Wallet" w ON w."id" = p."walletId"
    JOIN "Transfer" t ON t."id" = p."transferId"
    JOIN "Wallet" o ON o."id" = CASE WHEN p."amount" > 0 THEN t."senderWalletId" ELSE t."receiverWalletId" END
    JOIN "User" u ON u."id" = o."userId"
    WHERE ${where} AND t."createdAt" >= ${edges[months - 1]} AND t."createdAt" < ${edges[months]}
      AND o."userId" <> w."userId" AND NOT u."isSystem"
    GROUP BY p."currency", u."id", u."username", u."telegramFirstName"`;
  return rows.map((row): FlowRow => {
    if (row.section === "wallet") return { section: "wallet", currency: row.currency };
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
  });
}
