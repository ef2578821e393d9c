import type { Language } from "@/lib/shared/languages";
import { convert, formatAmount, formatUnitPrice, giveFor, parseAmount, rateToUnits, RATE_SCALE, type Currency } from "@/lib/shared/money";

/** Which amount the user typed: what they give, or what they get. */
export type ExchangeSide = "give" | "get";

/** Ruble price of one unit as the API returns it; RUB is always 1. */
export type RateValue = number | undefined;

function unitsFor(currency: Currency, value: RateValue): bigint | null {
  if (currency === "RUB") return RATE_SCALE;
  if (value === undefined || !(value > 0)) return null;
  return rateToUnits(value);
}

export type ExchangeQuote = {
  /** Minor units leaving the `from` wallet and arriving in the `to` wallet; null while unknown. */
  give: bigint | null;
  get: bigint | null;
  /** The rate both ways, the dearer currency's price first ("1 $ = 92,51 ₽", "1 ₽ = 0,0108 $"); null while unknown. */
  rates: [string, string] | null;
};

/**
 * The other side of an exchange as the server will compute it, with the same integer rules
 * (lib/shared/money.ts): the given amount converts down; a received amount is exact and the least
 * covering amount is given (`giveFor`).
 */
export function exchangeQuote(options: {
  side: ExchangeSide;
  typed: string;
  from: Currency;
  to: Currency;
  fromRate: RateValue;
  toRate: RateValue;
  /** The language the rates are written in (Russian by default). */
  language?: Language;
}): ExchangeQuote {
  const fromUnits = unitsFor(options.from, options.fromRate);
  const toUnits = unitsFor(options.to, options.toRate);
  if (fromUnits === null || toUnits === null) return { give: null, get: null, rates: null };
  const fromPrice = formatUnitPrice(fromUnits, toUnits, options.from, options.to, options.language);
  const toPrice = formatUnitPrice(toUnits, fromUnits, options.to, options.from, options.language);
  // The dearer currency's price first ("1 $ = 91,29 ₽"), as people quote a rate.
  const rates: [string, string] = fromUnits >= toUnits ? [fromPrice, toPrice] : [toPrice, fromPrice];
  const minor = parseAmount(options.typed);
  if (minor === null) return { give: null, get: null, rates };
  return options.side === "give"
    ? { give: minor, get: convert(minor, fromUnits, toUnits), rates }
    : { give: giveFor(minor, fromUnits, toUnits), get: minor, rates };
}

/** A computed amount as the other field shows it ("1 234,56"), empty when unknown. */
export function amountText(minor: bigint | null): string {
  return minor === null ? "" : formatAmount(minor).replace(/\u00a0/g, "");
}
