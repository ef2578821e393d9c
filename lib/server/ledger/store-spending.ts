import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { insertPlainNotices, type PlainNotice } from "@/lib/server/notifications/store";

/**
 * The statements of the customer's own limits and freeze (spending-limits.ts): "SpendingLimit",
 * one row per user and currency, and "TransferFreeze", a row while the user's transfers are frozen.
 */

/** A "SpendingLimit" row as stored (amounts in minor units; null: no limit / no raise waiting). */
export type SpendingLimitRow = {
  currency: string;
  daily: bigint | null;
  monthly: bigint | null;
  dailyPending: bigint | null;
  dailyFrom: Date | null;
  monthlyPending: bigint | null;
  monthlyFrom: Date | null;
};

/** The columns read of a "SpendingLimit" row `l`: a fixed list of names, never input. */
const rawColumns = () => Prisma.raw(`l."currency", l."daily", l."monthly", l."dailyPending", l."dailyFrom", l."monthlyPending", l."monthlyFrom"`);

const big = (value: number | bigint | null): bigint | null => (value === null ? null : BigInt(value));

function limitRow(row: SpendingLimitRow): SpendingLimitRow {
  return {
    currency: row.currency,
    daily: big(row.daily),
    monthly: big(row.monthly),
    dailyPending: big(row.dailyPending),
    dailyFrom: row.dailyFrom === null ? null : new Date(row.dailyFrom),
    monthlyPending: big(row.monthlyPending),
    monthlyFrom: row.monthlyFrom === null ? null : new Date(row.monthlyFrom),
  };
}

/** Whether the user's transfers are frozen, and their limit row in `currency` (null: none); on `sql`, else on the store. */
export async function readSpendingControls(
  userId: number,
  currency: string,
  within?: Sql,
): Promise<{ frozen: boolean; limit: SpendingLimitRow | null }> {
  const sql = within ?? (await sqlOf());
  // One round trip on the transfer's path: the freeze, and the limit row when there is one.
  const [row] = await sql.$queryRaw<(Omit<SpendingLimitRow, "currency"> & { currency: string | null; frozen: number | bigint })[]>`
    SELECT (SELECT COUNT(*) FROM "TransferFreeze" f WHERE f."userId" = ${userId}) AS "frozen", ${rawColumns()}
    FROM (SELECT 1 AS "one") o LEFT JOIN "SpendingLimit" l ON l."userId" = ${userId} AND l."currency" = ${currency}`;
  const limit = row && row.currency !== null ? { ...row, currency: row.currency } : null;
  return { frozen: Number(row?.frozen ?? 0) > 0, limit: limit ? limitRow(limit) : null };
}

/** The user's limit rows, their freeze, and what they sent to others per currency since `dayStart` and `monthStart`. */
export async function readSpendingOverview(
  userId: number,
  dayStart: Date,
  monthStart: Date,
): Promise<{ frozenAt: Date | null; limits: SpendingLimitRow[]; spent: { currency: string; day: bigint; month: bigint }[] }> {
  const sql = await sqlOf();
  const [freeze] = await sql.$queryRaw<{ frozenAt: Date }[]>`SELECT "frozenAt" FROM "TransferFreeze" WHERE "userId" = ${userId}`;
  const limits = await sql.$queryRaw<SpendingLimitRow[]>`
    SELECT ${rawColumns()} FROM "SpendingLimit" l WHERE l."userId" = ${userId} ORDER BY l."currency"`;
  const spent = await sql.$queryRaw<{ currency: string; day: number | bigint | null; month: number | bigint | null }[]>`
    SELECT t."currency", SUM(CASE WHEN t."createdAt" >= ${dayStart} THEN t."amount" ELSE 0 END) AS "day", SUM(t."amount") AS "month"
    FROM "Transfer" t JOIN "Wallet" r ON r."id" = t."receiverWalletId"
    WHERE t."senderWalletId" IN (SELECT w."id" FROM "Wallet" w WHERE w."userId" = ${userId})
      AND r."userId" <> ${userId} AND t."createdAt" >= ${monthStart}
    GROUP BY t."currency"`;
  return {
    frozenAt: freeze ? new Date(freeze.frozenAt) : null,
    limits: limits.map(limitRow),
    spent: spent.map((row) => ({ currency: row.currency, day: BigInt(row.day ?? 0), month: BigInt(row.month ?? 0) })),
  };
}

/** Writes the user's limit row in `row.currency` and the notices that tell of it, in one transaction. */
export async function writeSpendingLimit(userId: number, row: SpendingLimitRow, at: Date, notices: PlainNotice[]): Promise<void> {
  const sql = await sqlOf();
  await sql.transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "SpendingLimit" ("userId", "currency", "daily", "monthly", "dailyPending", "dailyFrom", "monthlyPending", "monthlyFrom", "updatedAt")
      VALUES (${userId}, ${row.currency}, ${row.daily}, ${row.monthly}, ${row.dailyPending}, ${row.dailyFrom}, ${row.monthlyPending}, ${row.monthlyFrom}, ${at})
      ON CONFLICT ("userId", "currency") DO UPDATE SET "daily" = excluded."daily", "monthly" = excluded."monthly",
        "dailyPending" = excluded."dailyPending", "dailyFrom" = excluded."dailyFrom",
        "monthlyPending" = excluded."monthlyPending", "monthlyFrom" = excluded."monthlyFrom", "updatedAt" = excluded."updatedAt"`;
    await insertPlainNotices(tx, notices, at);
  });
}

/** Freezes (a row from `at`, kept when already frozen) or unfreezes the user's transfers to others. */
export async function writeFreeze(userId: number, frozen: boolean, at: Date): Promise<void> {
  const sql = await sqlOf();
  if (frozen) {
    await sql.$executeRaw`INSERT INTO "TransferFreeze" ("userId", "frozenAt") VALUES (${userId}, ${at}) ON CONFLICT ("userId") DO NOTHING`;
  } else {
    await sql.$executeRaw`DELETE FROM "TransferFreeze" WHERE "userId" = ${userId}`;
  }
}

/** How to tell the user something (their switch, their chat if the bot may write, e-mail, language). */
export async function readContact(userId: number): Promise<{ notify: boolean; telegramId: string | null; email: string | null; language: string } | null> {
  const sql = await sqlOf();
  const [row] = await sql.$queryRaw<{ notify: boolean | number; telegramId: string | null; email: string | null; language: string }[]>`
    SELECT u."notification" AS "notify", CASE WHEN u."botMayWrite" THEN u."telegramId" END AS "telegramId", u."email", u."language"
    FROM "User" u WHERE u."id" = ${userId}`;
  return row ? { ...row, notify: Boolean(row.notify) } : null;
}
