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

/**
 * Telegram's limit for one message's text (sendMessage: 4,096 characters). Counted here in UTF-16
 * code units, which are never fewer than Telegram's characters, so a text within it is never refused.
 */
export const MAX_MESSAGE_LENGTH = 4096;

/** `text` within `max` characters: cut, ending in "…", when longer (a surrogate pair is never halved). */
export function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * One message of a fold, within `max` characters: the credits' line (`head`, if any), then the
 * other notices' lines in order while they fit. `told`: how many of `notices` it carries; the rest
 * go in the next message, whole. It always carries something: a first line longer than `max` on
 * its own is cut.
 */
export function fitFold(head: string | null, notices: string[], max = MAX_MESSAGE_LENGTH): { text: string; told: number } {
  const lines = head === null ? [] : [cutTo(head, max)];
  let length = lines[0]?.length ?? -1;
  let told = 0;
  for (const notice of notices) {
    if (length + 1 + notice.length > max) break;
    lines.push(notice);
    length += 1 + notice.length;
    told += 1;
  }
  if (lines.length === 0 && notices.length > 0) return { text: cutTo(notices[0], max), told: 1 };
  return { text: lines.join("\n"), told };
}
