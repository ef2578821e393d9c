import "server-only";
import { sqlOf, type Sql } from "@/lib/server/db";
import { replicaSql } from "@/lib/server/db/replica";
import { RATE_SCALE, type Currency } from "@/lib/shared/money";

/**
 * Every statement of exchange rates: quotes per currency and day (YYYY-MM-DD, Moscow). SQL
 * throughout (docs/architecture.md, Persistence): a transfer across currencies reads its rate
 * inside its own transaction, and a day's quote is stored with one `ON CONFLICT` upsert.
 */

/**
 * The ruble price of one unit in ten-thousandths from the newest quote dated on or before `asOf`
 * (a YYYY-MM-DD day, see latest.ts `rateDay`), read on `db` (the ledger's store, so a transfer
 * reads it where it works). The ruble itself is always 1. Null when there is no quote.
 */
export async function latestRateUnits(db: Sql, currency: Currency, asOf: string): Promise<bigint | null> {
  if (currency === "RUB") return RATE_SCALE;
  const [row] = await db.$queryRaw<{ value: number | bigint }[]>`
    SELECT "value" FROM "Rate" WHERE "currency" = ${currency} AND "date" <= ${asOf}
    ORDER BY "date" DESC LIMIT 1`;
  return row ? BigInt(row.value) : null;
}

/** `latestRateUnits` on the process's database. */
export async function rateUnitsOn(currency: Currency, asOf: string): Promise<bigint | null> {
  return latestRateUnits(await sqlOf(), currency, asOf);
}

/**
 * The quotes of `currency` from `fromDay` to `toDay` (inclusive, oldest first), and the value of
 * the last one before them (null if none): two queries side by side.
 */
export async function quotesBetween(
  currency: Currency,
  fromDay: string,
  toDay: string,
): Promise<{ before: number | null; inRange: { date: string; value: number }[] }> {
  // Rate history: a read the replica may serve (lib/server/db/replica.ts).
  const [before, inRange] = await replicaSql((sql) => Promise.all([
    sql.$queryRaw<{ value: number }[]>`
      SELECT "value" FROM "Rate" WHERE "currency" = ${currency} AND "date" < ${fromDay} ORDER BY "date" DESC LIMIT 1`,
    sql.$queryRaw<{ date: string; value: number }[]>`
      SELECT "date", "value" FROM "Rate" WHERE "currency" = ${currency} AND "date" >= ${fromDay} AND "date" <= ${toDay}
      ORDER BY "date" ASC`,
  ]));
  return { before: before[0] ? Number(before[0].value) : null, inRange: inRange.map((r) => ({ date: r.date, value: Number(r.value) })) };
}

/** Stores the day's quote of each currency, replacing one stored for the same day (one statement each). */
export async function saveQuotes(date: string, quotes: [Currency, number][]): Promise<void> {
  const sql = await sqlOf();
  for (const [currency, value] of quotes) {
    await sql.$executeRaw`
      INSERT INTO "Rate" ("currency", "date", "value") VALUES (${currency}, ${date}, ${value})
      ON CONFLICT ("currency", "date") DO UPDATE SET "value" = excluded."value"`;
  }
}
