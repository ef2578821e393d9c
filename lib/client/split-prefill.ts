import { receiptOf } from "@/lib/client/split-link";
import { amountOf } from "@/lib/client/transfer/prefill";
import { isCurrency, minorToDecimal, type Currency } from "@/lib/shared/money";
import { cleanMessageInput } from "@/lib/shared/transfer-message";

/** What `/splits?title=…&amount=…&currency=…` (a receipt's "Разделить счёт") starts the split form with. */
export type SplitPrefill = { title: string; amount: string; currency: Currency };

type ParamsLike = { get(name: string): string | null };

/**
 * The split form's path from a receipt: prefilled with the payment's amount, currency and message
 * (the title), and naming the receipt, where Back returns.
 */
export function splitFormPath(from: { id: number; amount: number; currency: Currency; message: string | null }): string {
  const params = new URLSearchParams({ amount: minorToDecimal(from.amount), currency: from.currency, receipt: String(from.id) });
  if (from.message) params.set("title", from.message);
  return `/splits?${params.toString()}`;
}

/** Where the split form's Back goes: the receipt it was opened from, else the payments screen. */
export function splitFormBack(params: { get(name: string): string | null }): string {
  const receipt = receiptOf(params);
  return receipt ? `/receipt/${receipt}` : "/requests";
}

/**
 * Reads the split form's query. Nothing in it is trusted beyond filling a field the customer
 * still checks and submits: the title is cleaned as the field cleans typing; the amount is taken
 * only with a known currency and when it is a valid amount as written — anything else leaves
 * the field empty rather than repaired (a link must not turn "-5" into 5).
 */
export function readSplitPrefill(params: ParamsLike): SplitPrefill {
  const title = cleanMessageInput(params.get("title") ?? "").trim();
  const currency = params.get("currency");
  if (!isCurrency(currency)) return { title, amount: "", currency: "RUB" };
  return { title, amount: amountOf(params.get("amount")).amount, currency };
}
