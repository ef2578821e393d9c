import type { Language } from "@/lib/shared/languages";
import { convert, formatExchangeRate, ratioString, rateToUnits, RATE_SCALE, type Currency } from "@/lib/shared/money";

/** Ruble price of one unit as the API returns it; RUB is always 1. */
export type RateValue = number | undefined;

function unitsFor(currency: Currency, value: RateValue): bigint | null {
  if (currency === "RUB") return RATE_SCALE;
  if (value === undefined || !(value > 0)) return null;
  return rateToUnits(value);
}

/**
 * What the receiver gets for `amount` minor units sent in `from`, credited in `to`, using the
 * same integer conversion and rounding (down) as the server. Null while a rate is unknown.
 */
export function receivedAmount(
  amount: bigint,
  from: Currency,
  to: Currency,
  fromRate: RateValue,
  toRate: RateValue,
): bigint | null {
  if (from === to) return amount;
  const fromUnits = unitsFor(from, fromRate);
  const toUnits = unitsFor(to, toRate);
  if (fromUnits === null || toUnits === null) return null;
  return convert(amount, fromUnits, toUnits);
}

/** The rate a transfer between two currencies would apply, as people read it; null if unknown or the same currency. */
export function exchangeRateText(from: Currency, to: Currency, fromRate: RateValue, toRate: RateValue, language: Language = "ru"): string | null {
  if (from === to) return null;
  const fromUnits = unitsFor(from, fromRate);
  const toUnits = unitsFor(to, toRate);
  if (fromUnits === null || toUnits === null) return null;
  return formatExchangeRate(ratioString(fromUnits, toUnits), from, to, language);
}
