import "server-only";
import { DICTIONARIES, type Language } from "@/lib/shared/i18n";
import { CURRENCIES, formatMoney, isCurrency, type Currency } from "@/lib/shared/money";
import { fill, pluralForm, type PluralForm } from "@/lib/shared/strings";

/** What one outbox row announces: the credit its transfer made. */
export type Credit = { kind: string; amount: bigint; currency: string };

const lists: Record<Language, Intl.ListFormat> = {
  ru: new Intl.ListFormat("ru", { type: "conjunction" }),
  en: new Intl.ListFormat("en", { type: "conjunction" }),
};

/** The plural form of a count in a language: English has one and many (its "few" is "many"). */
function pluralIn(language: Language, count: number): PluralForm {
  if (language === "ru") return pluralForm(count);
  return count === 1 ? "one" : "many";
}

/**
 * One message for several credits to one recipient: how many, and the sum in each currency
 * ("Вам пришло 12 переводов на 15 300,00 ₽ и 20,00 $"). Transfers and top-ups are named as such;
 * both together are "поступления".
 */
export function foldedText(credits: Credit[], language: Language = "ru"): string {
  const sums = new Map<Currency, bigint>();
  for (const credit of credits) {
    if (isCurrency(credit.currency)) sums.set(credit.currency, (sums.get(credit.currency) ?? 0n) + credit.amount);
  }
  const amount = lists[language].format(CURRENCIES.filter((c) => sums.has(c)).map((c) => formatMoney(sums.get(c)!, c, language)));
  const kinds = new Set(credits.map((c) => (c.kind === "topup" ? "topup" : "transfer")));
  const bot = DICTIONARIES[language].bot;
  const texts = kinds.size > 1 ? bot.creditedMany : kinds.has("topup") ? bot.toppedUpMany : bot.receivedMany;
  return fill(texts[pluralIn(language, credits.length)], { count: credits.length, amount });
}
