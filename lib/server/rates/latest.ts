import "server-only";
import type { Sql } from "@/lib/server/db";
import { getEnv } from "@/lib/server/platform/env";
import { processState } from "@/lib/server/platform/process-state";
import { latestRateUnits } from "@/lib/server/rates/store";
import { RATE_SCALE, type Currency } from "@/lib/shared/money";
import { clockNowMs } from "@/lib/server/platform/clock";

// The ledger reads the rate in force where it plans a transfer.
export { latestRateUnits };

/** The Central Bank's official rates are those of a calendar day in Moscow. */
export const RATES_TIME_ZONE = "Europe/Moscow";

const moscowDate = new Intl.DateTimeFormat("en-US", {
  timeZone: RATES_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * The day (YYYY-MM-DD, in Moscow) whose quotes are in force at `instant`: the official rate of a
 * day is that day's, so a quote applies from the start of its own date in Moscow, never earlier.
 * The Central Bank publishes the next day's rates hours ahead and imports store them as soon as
 * they appear; without this rule the moment a rate changed would be whenever an import ran.
 */
export function rateDay(instant: number | Date = clockNowMs()): string {
  const parts = Object.fromEntries(moscowDate.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

type Cached = { units: bigint; day: string; readAt: number; generation: number };

/**
 * Per process: the quote in force of each currency as read from each database (keyed by its
 * store), and a generation that an import in this process bumps so its rates are used at once.
 */
const cache = processState("rates-cache", () => ({
  byStore: new WeakMap<Sql, Map<Currency, Cached>>(),
  generation: 0,
}));

/**
 * `latestRateUnits` for a transfer happening at `now`, read at most once per RATES_CACHE_SECONDS per
 * process and currency: a day's rates change once a day, and a transfer records the rate it
 * used. The rule: an import in this process is used by its next transfer; an import by another
 * instance is used everywhere within RATES_CACHE_SECONDS; a new day in Moscow is read at once
 * (its quote, imported the day before, takes over at midnight). A missing quote is not remembered.
 */
export async function currentRateUnits(store: Sql, currency: Currency, now = clockNowMs()): Promise<bigint | null> {
  if (currency === "RUB") return RATE_SCALE;
  let rates = cache.byStore.get(store);
  if (!rates) cache.byStore.set(store, (rates = new Map()));
  const day = rateDay(now);
  const hit = rates.get(currency);
  if (hit && hit.day === day && hit.generation === cache.generation && now - hit.readAt < getEnv().ratesCacheMs) return hit.units;
  const units = await latestRateUnits(store, currency, day);
  if (units !== null) rates.set(currency, { units, day, readAt: now, generation: cache.generation });
  return units;
}

/** Makes every process-local copy of the rates stale (after an import, or a test's own quote). */
export function forgetCachedRates(): void {
  cache.generation += 1;
}
