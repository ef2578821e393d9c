import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Sql } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { processState } from "@/lib/server/platform/process-state";
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

type Cached = { units: bigint; readAt: number; generation: number };

/**
 * Per process: the newest quote of each currency as read from each database (keyed by its
 * store), and a generation that an import in this process bumps so its rates are used at once.
 */
const cache = processState("rates-cache", () => ({
  byStore: new WeakMap<Sql, Map<Currency, Cached>>(),
  generation: 0,
}));

/**
 * `latestRateUnits` for a transfer happening now, read at most once per RATES_CACHE_SECONDS per
 * process and currency: a day's rates change once a day, and a transfer records the rate it
 * used. The rule: an import in this process is used by its next transfer; an import by another
 * instance is used everywhere within RATES_CACHE_SECONDS. A missing quote is not remembered.
 */
export async function currentRateUnits(store: Sql, currency: Currency, now = Date.now()): Promise<bigint | null> {
  if (currency === "RUB") return RATE_SCALE;
  let rates = cache.byStore.get(store);
  if (!rates) cache.byStore.set(store, (rates = new Map()));
  const hit = rates.get(currency);
  if (hit && hit.generation === cache.generation && now - hit.readAt < getEnv().ratesCacheMs) return hit.units;
  const units = await latestRateUnits(store, currency);
  if (units !== null) rates.set(currency, { units, readAt: now, generation: cache.generation });
  return units;
}

/** Makes every process-local copy of the rates stale (after an import, or a test's own quote). */
export function forgetCachedRates(): void {
  cache.generation += 1;
}
