import "server-only";
import type { Tx } from "@/lib/server/db";
import { RATE_SCALE, type Currency } from "@/lib/shared/money";

type RateReader = Pick<Tx, "rate">;

/**
 * The ruble price of one unit in ten-thousandths from the newest quote (on or before `asOf`,
 * a YYYY-MM-DD day, when given). The ruble itself is always 1. Null when there is no quote.
 */
export async function latestRateUnits(
  db: RateReader,
  currency: Currency,
  asOf?: string,
): Promise<bigint | null> {
  if (currency === "RUB") return RATE_SCALE;
  const row = await db.rate.findFirst({
    where: { currency, ...(asOf ? { date: { lte: asOf } } : {}) },
    orderBy: { date: "desc" },
    select: { value: true },
  });
  return row ? BigInt(row.value) : null;
}
