/**
 * Money in Minibank: integer minor units (hundredths) end to end.
 *
 * Rounding rules, stated once:
 * - Parsing user input never rounds: more than 2 decimals is invalid.
 * - Currency conversion rounds DOWN to the minor unit (`convert`): the receiver never gets
 *   more than the exact value; the fraction stays in the bank's own wallet.
 * - An amount fixed on the receiving side (an exchange where "I get" was typed) is credited
 *   exactly, and the giver pays the least amount whose conversion covers it (`giveFor`,
 *   rounding UP): received ≤ convert(given), so it never gives more than the rate allows.
 * - Ruble equivalents for display (`toRubles`) round half up.
 * Rates are the ruble price of one unit, kept as integers of ten-thousandths (4 decimals).
 */

import type { Language } from "@/lib/shared/languages";

export const CURRENCIES = ["RUB", "USD", "EUR", "CNY"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_INFO: Record<Currency, { symbol: string; name: string }> = {
  RUB: { symbol: "₽", name: "Рубли" },
  USD: { symbol: "$", name: "Доллары" },
  EUR: { symbol: "€", name: "Евро" },
  CNY: { symbol: "¥", name: "Юани" },
};

export const MINOR_PER_UNIT = 100n;
export const RATE_SCALE = 10_000n;
/** Largest single top-up: 1 000 000.00 in minor units. */
export const MAX_TOPUP_MINOR = 100_000_000;
/**
 * The most any account may hold, in minor units: the largest integer a JSON number carries
 * exactly (2^53 − 1). Credits beyond it are refused; the API never has to answer a balance it
 * cannot represent.
 */
export const MAX_BALANCE_MINOR = BigInt(Number.MAX_SAFE_INTEGER);
/** Top-ups per user and currency within 24 hours, by default (TOPUP_DAILY_LIMIT, in units). */
export const DEFAULT_TOPUP_DAILY_LIMIT_UNITS = 3_000_000;

/** The steps a pocket may round outgoing transfers up to, in whole units of their currency. */
export const ROUND_UP_STEPS = [10, 100] as const;
export type RoundUpStep = (typeof ROUND_UP_STEPS)[number];

/**
 * What rounds `amount` (minor units) up to the next multiple of `stepUnits` whole units: 0 when it
 * is one already (10 units: 123.40 → 6.60; 100 units: 123.40 → 76.60).
 */
export function roundUpOf(amount: bigint, stepUnits: number): bigint {
  const step = BigInt(stepUnits) * MINOR_PER_UNIT;
  if (step <= 0n || amount <= 0n) return 0n;
  const rest = amount % step;
  return rest === 0n ? 0n : step - rest;
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Cleans what a user types into an amount field: digits and one decimal separator, shown as the
 * language's decimal mark (the Russian comma, the English point) whichever of "," and "." was
 * typed, at most 2 decimals. Extra characters are dropped, so the field never shows an invalid
 * value. `parseAmount` reads the result.
 */
export function sanitizeAmountInput(raw: string, language: Language = "ru"): string {
  const mark = decimalMark(language);
  let out = "";
  let seenDot = false;
  let decimals = 0;
  for (const ch of raw.replace(/,/g, ".")) {
    if (ch >= "0" && ch <= "9") {
      if (seenDot) {
        if (decimals >= 2) continue;
        decimals += 1;
      }
      out += ch;
    } else if (ch === "." && !seenDot) {
      seenDot = true;
      out += out === "" ? `0${mark}` : mark;
    }
  }
  return out;
}

/** The decimal mark of a language: "," in Russian, "." in English. */
export function decimalMark(language: Language): string {
  return language === "en" ? "." : ",";
}

/** An amount field's text (either mark) with the language's decimal mark: "12.5" → "12,5" in Russian. */
export function withDecimalMark(text: string, language: Language): string {
  return text.replace(/[.,]/, decimalMark(language));
}

const AMOUNT_RE = /^(\d{1,13})(?:[.,](\d{1,2}))?$/;

/** Parses "1234,5" / "1234.56" into minor units; null when not a valid amount > 0. */
export function parseAmount(text: string): bigint | null {
  const match = AMOUNT_RE.exec(text.trim());
  if (!match) return null;
  const units = BigInt(match[1]);
  const fraction = BigInt((match[2] ?? "").padEnd(2, "0"));
  const minor = units * MINOR_PER_UNIT + fraction;
  return minor > 0n ? minor : null;
}

/** Minor units (bigint) to a JSON-safe number; throws when it would lose precision. */
export function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError("amount out of safe integer range");
  }
  return Number(value);
}

/** Minor units to a plain decimal string: 123456 → "1234.56". */
export function minorToDecimal(minor: bigint | number): string {
  const value = BigInt(minor);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const fraction = (abs % MINOR_PER_UNIT).toString().padStart(2, "0");
  return `${sign}${abs / MINOR_PER_UNIT}.${fraction}`;
}

/** A no-break space: an amount never wraps inside its digits or away from its symbol. */
export const NBSP = "\u00a0";

/**
 * The minus of every amount people read, in both languages: U+2212, as wide as the plus and the
 * digits (a hyphen-minus is a dash too short for a number). Text meant for machines — the API's
 * decimals, the CSV statement's cells — keeps the ASCII "-" (`minorToDecimal`, `spreadsheetAmount`).
 */
export const MINUS = "\u2212";

/**
 * An exact decimal string ("-1234567.8") in Russian notation: thousands apart by a no-break space,
 * decimal comma ("-1 234 567,8"). The same text as Intl.NumberFormat("ru-RU") (
 * tests/unit/money-format.test.ts compares the two), without Intl: its first use in a page loads
 * the locale data, a long main-thread task on a phone.
 */
function russianDecimal(decimal: string): string {
  const [whole, fraction] = decimal.split(".");
  const negative = whole.startsWith("-");
  const sign = negative ? MINUS : "";
  const grouped = whole.slice(negative ? 1 : 0).replace(/\B(?=(\d{3})+$)/g, NBSP);
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/** Formatting without a symbol, Russian by default: 123456 → "1 234,56" ("1,234.56" in English). */
export function formatAmount(minor: bigint | number, language: Language = "ru"): string {
  const decimal = minorToDecimal(minor);
  return language === "en" ? englishDecimal(decimal) : russianDecimal(decimal);
}

/** What an empty amount field shows: nought in the language's notation, "0,00" or "0.00". */
export function amountPlaceholder(language: Language = "ru"): string {
  return formatAmount(0, language);
}

/** English notation of an exact decimal string: "-1234567.8" → "−1,234,567.8". */
function englishDecimal(decimal: string): string {
  const [whole, fraction] = decimal.split(".");
  const negative = whole.startsWith("-");
  const sign = negative ? MINUS : "";
  const grouped = whole.slice(negative ? 1 : 0).replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** `text` (a number in the language's notation) with a currency's symbol where the language puts it. */
function withSymbol(text: string, currency: Currency, language: Language): string {
  const { symbol } = CURRENCY_INFO[currency];
  if (language === "ru") return `${text}${NBSP}${symbol}`;
  return text.startsWith(MINUS) ? `${MINUS}${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** One unit of a currency as a price names it: "1 $" in Russian (a no-break space), "$1" in English. */
export function formatOneUnit(currency: Currency, language: Language = "ru"): string {
  return withSymbol("1", currency, language);
}

/** A ruble price in ten-thousandths with its symbol: "91,3676 ₽" in Russian, "₽91.3676" in English. */
export function formatRubleRate(units: bigint | number, language: Language = "ru"): string {
  return withSymbol(formatRateUnits(units, language), "RUB", language);
}

/**
 * Money with its currency symbol in the given language (Russian by default):
 * Russian "1 234,56 ₽" and "−1 234,56 ₽" (all spaces no-break), English "₽1,234.56" and
 * "−₽1,234.56" — the notations Intl.NumberFormat writes for ru-RU and for en-US with the narrow
 * symbol, with the minus sign U+2212 (tests/unit/money-format.test.ts compares them).
 */
export function formatMoney(minor: bigint | number, currency: Currency, language: Language = "ru"): string {
  return withSymbol(formatAmount(minor, language), currency, language);
}

/**
 * A movement of money, signed: "+1 234,56 ₽" for what comes in, "−1 234,56 ₽" for what goes out
 * ("+₽1,234.56", "−₽1,234.56" in English); nought has no sign. For history rows, receipts,
 * statement totals and analytics, where the sign is the direction.
 */
export function formatMoneyChange(minor: bigint | number, currency: Currency, language: Language = "ru"): string {
  const value = BigInt(minor);
  return value > 0n ? `+${formatMoney(value, currency, language)}` : formatMoney(value, currency, language);
}

/**
 * An amount as a spreadsheet reads it: no grouping, a minus for debits, the language's decimal
 * mark: -123456 → "-1234,56" in Russian, "-1234.56" in English (CSV statements; Excel set to that
 * language takes it as a number).
 */
export function spreadsheetAmount(minor: bigint | number, language: Language = "ru"): string {
  return language === "ru" ? minorToDecimal(minor).replace(".", ",") : minorToDecimal(minor);
}

/** A rate as the API carries it (ruble price, e.g. 92.5123) into ten-thousandths. */
export function rateToUnits(value: number): bigint {
  return BigInt(Math.round(value * Number(RATE_SCALE)));
}

/** A rate in ten-thousandths as shown to people: 2 to 4 decimals, "92,5123", "1 234,50" ("92.5123" in English). */
export function formatRateUnits(units: bigint | number, language: Language = "ru"): string {
  const value = BigInt(units);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const fraction = (abs % RATE_SCALE).toString().padStart(4, "0").replace(/0{1,2}$/, "");
  const decimal = `${sign}${abs / RATE_SCALE}.${fraction}`;
  return language === "en" ? englishDecimal(decimal) : russianDecimal(decimal);
}

/** Ten-thousandths back to the API's decimal number. */
export function unitsToRate(units: bigint | number): number {
  return Number(units) / Number(RATE_SCALE);
}

/** Ruble equivalent in kopecks of `minor` units at `rateUnits`, rounded half up. */
export function toRubles(minor: bigint, rateUnits: bigint): bigint {
  const product = minor * rateUnits;
  const half = RATE_SCALE / 2n;
  return product >= 0n ? (product + half) / RATE_SCALE : -((-product + half) / RATE_SCALE);
}

/**
 * Converts `amount` minor units between currencies priced at `fromRate` and `toRate`
 * (both ruble prices in ten-thousandths). Rounds down: see the rule at the top of this file.
 */
export function convert(amount: bigint, fromRate: bigint, toRate: bigint): bigint {
  if (fromRate <= 0n || toRate <= 0n) throw new RangeError("rates must be positive");
  return (amount * fromRate) / toRate;
}

/**
 * The least amount of `from` (minor units, priced at `fromRate`) whose conversion to `to` (priced
 * at `toRate`) is at least `received`: ⌈received × toRate / fromRate⌉. So convert(giveFor(r)) ≥ r,
 * and convert(giveFor(r) − 1) < r (tests/unit/exchange-rounding.test.ts checks both).
 */
export function giveFor(received: bigint, fromRate: bigint, toRate: bigint): bigint {
  if (fromRate <= 0n || toRate <= 0n) throw new RangeError("rates must be positive");
  if (received <= 0n) return 0n;
  return (received * toRate + fromRate - 1n) / fromRate;
}

/**
 * One unit of `of` priced at `units` ten-thousandths of `inCurrency`, written as money is in the
 * language: "1 $ = 91,3089 ₽" in Russian, "$1 = ₽91.3089" in English.
 */
export function formatPrice(of: Currency, units: bigint | number, inCurrency: Currency, language: Language = "ru"): string {
  return `${withSymbol("1", of, language)} = ${withSymbol(formatRateUnits(units, language), inCurrency, language)}`;
}

/**
 * The price of one unit of `of` in `in` (both priced in rubles, ten-thousandths) as people read it,
 * to 4 decimals rounded half up: "1 $ = 80,5 ₽", "1 ₽ = 0,0124 $" ("$1 = ₽80.50" in English).
 */
export function formatUnitPrice(ofRate: bigint, inRate: bigint, of: Currency, inCurrency: Currency, language: Language = "ru"): string {
  if (ofRate <= 0n || inRate <= 0n) throw new RangeError("rates must be positive");
  const units = (ofRate * RATE_SCALE * 2n + inRate) / (inRate * 2n);
  return formatPrice(of, units, inCurrency, language);
}

/** Decimal places of a recorded exchange ratio: enough to give back a 4-decimal rate either way round. */
const RATIO_PLACES = 10;
const RATIO_SCALE = 10n ** BigInt(RATIO_PLACES);

/** The applied exchange ratio as a decimal string with up to 10 places (for the transfer record). */
export function ratioString(fromRate: bigint, toRate: bigint): string {
  const scaled = (fromRate * RATIO_SCALE) / toRate;
  const whole = scaled / RATIO_SCALE;
  const fraction = (scaled % RATIO_SCALE).toString().padStart(RATIO_PLACES, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * An applied exchange ratio (`ratioString`: units of `to` per unit of `from`) as people read it,
 * always as the price of the dearer currency, to 4 decimals: "1 $ = 80,00 ₽" rather than
 * "1 ₽ = 0,0125 $". Null for a same-currency ratio.
 */
export function formatExchangeRate(ratio: string, from: Currency, to: Currency, language: Language = "ru"): string | null {
  if (from === to || !/^\d+(\.\d+)?$/.test(ratio)) return null;
  const [whole, fraction = ""] = ratio.split(".");
  const scaled = BigInt(whole) * RATIO_SCALE + BigInt(`${fraction}${"0".repeat(RATIO_PLACES)}`.slice(0, RATIO_PLACES));
  if (scaled <= 0n) return null;
  // From the ratio's 10 decimals to the rate display's 4, rounded half up.
  const step = RATIO_SCALE / RATE_SCALE;
  const toUnits = (value: bigint) => (value + step / 2n) / step;
  if (scaled >= RATIO_SCALE) return formatPrice(from, toUnits(scaled), to, language);
  const inverse = (RATIO_SCALE * RATIO_SCALE + scaled / 2n) / scaled;
  return formatPrice(to, toUnits(inverse), from, language);
}

/**
 * A decimal price quoted for `nominal` units ("80,5012" for 1, "11,4230" for 10) into ten-thousandths
 * of one unit, rounded half up. Null when the text is not a positive decimal number.
 */
export function quoteToRateUnits(text: string, nominal: number | bigint = 1): bigint | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,8}))?$/.exec(text.trim());
  const per = BigInt(nominal);
  if (!match || per <= 0n) return null;
  const digits = (match[2] ?? "").padEnd(8, "0");
  // Work in 1e-8 to keep every quoted digit, then scale down to 1e-4 per unit.
  const scaled = BigInt(match[1]) * 100_000_000n + BigInt(digits);
  const divisor = per * 10_000n;
  const units = (scaled + divisor / 2n) / divisor;
  return units > 0n ? units : null;
}

/**
 * A chart axis's short label of an amount, in whole units with a thousands or millions suffix:
 * 123456789 (minor) → "1,2 млн" / "1.2M", 1500000 → "15 тыс." / "15K", 4200 → "42". Rounded to
 * one decimal of the suffix; for axes only — amounts people read in full go through formatMoney.
 */
export function formatCompactAmount(minor: bigint | number, language: Language = "ru"): string {
  const units = BigInt(minor) / MINOR_PER_UNIT;
  const sign = units < 0n ? MINUS : "";
  const abs = units < 0n ? -units : units;
  const steps: [bigint, string, string][] = [
    [1_000_000n, "\u00a0млн", "M"],
    [1_000n, "\u00a0тыс.", "K"],
  ];
  for (const [size, ru, en] of steps) {
    if (abs < size) continue;
    const tenths = (abs * 10n + size / 2n) / size;
    const whole = tenths / 10n;
    const fraction = tenths % 10n;
    const number = fraction === 0n ? `${whole}` : `${whole}${language === "en" ? "." : ","}${fraction}`;
    return `${sign}${number}${language === "en" ? en : ru}`;
  }
  return `${sign}${abs}`;
}
