import "server-only";
import iconv from "iconv-lite";
import { CBR_DAILY_URL } from "@/lib/server/platform/env";
import { quoteToRateUnits, type Currency } from "@/lib/shared/money";
import { forgetCachedRates } from "@/lib/server/rates/latest";
import { saveQuotes } from "@/lib/server/rates/store";

export { CBR_DAILY_URL };

/** The currencies the product quotes; the ruble is always 1. */
export const IMPORTED_CURRENCIES = ["USD", "EUR", "CNY"] as const satisfies readonly Currency[];

export type CbrQuotes = { date: string; rates: Partial<Record<Currency, bigint>> };

function decode(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString("latin1");
  const declared = /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? "windows-1251";
  return iconv.decode(bytes, iconv.encodingExists(declared) ? declared : "windows-1251");
}

const tag = (block: string, name: string) =>
  new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1];

/**
 * Parses the daily XML: `<ValCurs Date="DD.MM.YYYY">` with `<Valute>` entries whose `Value`
 * (comma decimals) is the price of `Nominal` units (1, 10, 100 …). Prices are stored per unit.
 */
export function parseCbrDaily(bytes: Buffer): CbrQuotes {
  const xml = decode(bytes);
  const dateMatch = /<ValCurs[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(xml);
  if (!dateMatch) throw new Error("CBR document has no ValCurs Date");
  const date = `${dateMatch[3]}-${dateMatch[2]}-${dateMatch[1]}`;
  const rates: CbrQuotes["rates"] = {};
  for (const [, block] of xml.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const code = tag(block, "CharCode") as Currency | undefined;
    if (!code || !(IMPORTED_CURRENCIES as readonly string[]).includes(code)) continue;
    const nominal = Number(tag(block, "Nominal") ?? "1");
    const units = Number.isInteger(nominal) ? quoteToRateUnits(tag(block, "Value") ?? "", nominal) : null;
    if (units === null) throw new Error(`CBR document has a bad quote for ${code}`);
    rates[code] = units;
  }
  return { date, rates };
}

export type ImportResult = { date: string; imported: Currency[] };

/** Fetches one daily document and upserts its USD/EUR/CNY quotes for the document's date. */
export async function importCbrRates(url: string = CBR_DAILY_URL): Promise<ImportResult> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`CBR source answered ${response.status}`);
  const quotes = parseCbrDaily(Buffer.from(await response.arrayBuffer()));
  const imported = IMPORTED_CURRENCIES.filter((currency) => quotes.rates[currency] !== undefined);
  await saveQuotes(quotes.date, imported.map((currency) => [currency, Number(quotes.rates[currency])]));
  forgetCachedRates();
  return { date: quotes.date, imported };
}
