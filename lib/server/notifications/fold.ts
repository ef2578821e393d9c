import "server-only";
import { getDb } from "@/lib/server/db";
import { CURRENCIES, formatMoney, isCurrency, type Currency } from "@/lib/shared/money";
import { fill, pluralForm, ru } from "@/lib/shared/strings";

/** What one outbox row announces: the credit its transfer made. */
export type Credit = { kind: string; amount: bigint; currency: string };

const list = new Intl.ListFormat("ru", { type: "conjunction" });

/**
 * One message for several credits to one recipient: how many, and the sum in each currency
 * ("Вам пришло 12 переводов на 15 300,00 ₽ и 20,00 $"). Transfers and top-ups are named as such;
 * both together are "поступления".
 */
export function foldedText(credits: Credit[]): string {
  const sums = new Map<Currency, bigint>();
  for (const credit of credits) {
    if (isCurrency(credit.currency)) sums.set(credit.currency, (sums.get(credit.currency) ?? 0n) + credit.amount);
  }
  const amount = list.format(CURRENCIES.filter((c) => sums.has(c)).map((c) => formatMoney(sums.get(c)!, c)));
  const kinds = new Set(credits.map((c) => (c.kind === "topup" ? "topup" : "transfer")));
  const texts = kinds.size > 1 ? ru.bot.creditedMany : kinds.has("topup") ? ru.bot.toppedUpMany : ru.bot.receivedMany;
  return fill(texts[pluralForm(credits.length)], { count: credits.length, amount });
}

/** The credits behind outbox rows, read from their transfers. */
export async function creditsOf(transferIds: number[]): Promise<Credit[]> {
  const transfers = await getDb().transfer.findMany({
    where: { id: { in: transferIds } },
    select: { kind: true, receivedAmount: true, receivedCurrency: true },
  });
  return transfers.map((t) => ({ kind: t.kind, amount: t.receivedAmount, currency: t.receivedCurrency }));
}
