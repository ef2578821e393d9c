import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "@/lib/server/db";
import { RATE_SCALE, type Currency } from "@/lib/shared/money";

/**
 * The ruble price of one unit in ten-thousandths from the newest quote (on or before `asOf`,
 * a YYYY-MM-DD day, when given). The ruble itself is always 1. Null when there is no quote.
 */
export async function latestRateUnits(
  db: Sql,
  currency: Currency,
  asOf?: string,
): Promise<bigint | null> {
  if (currency === "RUB") return RATE_SCALE;
  const [row] = await db.$queryRaw<{ value: number | bigint }[]>`
    SELECT "value" FROM "Rate"
    WHERE "currency" = ${currency} ${asOf ? Prisma.sql`AND "date" <= ${asOf}` : Prisma.empty}
    ORDER BY "date" DESC LIMIT 1`;
  return row ? BigInt(row.value) : null;
}
