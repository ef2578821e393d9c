import { formatDateTime } from "@/lib/client/date";
import { groupAccountNumber } from "@/lib/shared/account-number";
import { shareAsMessage, telegramForSharing } from "@/lib/client/telegram/share-message";
import { formatExchangeRate, formatMoney } from "@/lib/shared/money";
import type { ReceiptDto } from "@/lib/shared/schemas/transfers";
import { currentLanguage } from "@/lib/client/language";
import { formStringsOf } from "@/lib/client/form-strings";
import type { Language } from "@/lib/shared/languages";

/** What the receipt's headline calls the operation. */
export function receiptKind(receipt: ReceiptDto, language: Language = "ru"): string {
  const t = formStringsOf(language);
  if (receipt.kind === "topup") return t.receipt.kind.topup;
  if (receipt.kind === "exchange") return t.receipt.exchangeKind;
  if (receipt.kind === "request") return t.history.kinds.request;
  if (receipt.kind === "pocket") return t.history.kinds.pocket;
  return t.receipt.kind[receipt.direction];
}

/**
 * Whether the receipt's money is a bill to split: money that left the customer for someone else
 * (a transfer or a paid request) — not a top-up, not money received, not an exchange between
 * one's own accounts.
 */
export function canSplit(receipt: ReceiptDto): boolean {
  return receipt.direction === "out" && (receipt.kind === "transfer" || receipt.kind === "request");
}

/** The lines of a receipt, in the order the screen shows them (also the shared text). */
export function receiptLines(receipt: ReceiptDto, language: Language = "ru"): [string, string][] {
  const t = formStringsOf(language);
  const other = receipt.direction === "out" ? receipt.receiver : receipt.sender;
  const lines: [string, string][] = [];
  if (receipt.kind === "transfer" || receipt.kind === "request") {
    lines.push([receipt.direction === "out" ? t.receipt.receiver : t.receipt.sender, other.name]);
  }
  // The caller's own account comes in full, the other person's masked ("•• 3750").
  const shown = (account: string) => (account.startsWith("••") ? account : groupAccountNumber(account));
  if (receipt.sender.account) lines.push([t.receipt.fromAccount, shown(receipt.sender.account)]);
  lines.push([t.receipt.toAccount, shown(receipt.receiver.account)]);
  const rate = formatExchangeRate(receipt.rate, receipt.currency, receipt.receivedCurrency, language);
  if (rate) {
    lines.push([t.receipt.credited, formatMoney(receipt.receivedAmount, receipt.receivedCurrency, language)]);
    lines.push([t.receipt.rate, rate]);
  }
  lines.push([t.receipt.fee, formatMoney(receipt.fee, receipt.currency, language)]);
  if (receipt.message) lines.push([t.transferMessage.term, receipt.message]);
  lines.push([t.receipt.channel, t.receipt.channels[receipt.channel]]);
  lines.push([t.receipt.date, formatDateTime(receipt.createdAt, language)]);
  lines.push([t.receipt.number, String(receipt.id)]);
  return lines;
}

/** The receipt as plain text for sharing. */
export function receiptText(receipt: ReceiptDto, language: Language = "ru"): string {
  const t = formStringsOf(language);
  return [
    t.receipt.shareTitle,
    `${receiptKind(receipt, language)} · ${t.receipt.status}`,
    formatMoney(receipt.amount, receipt.currency, language),
    ...receiptLines(receipt, language).map(([term, value]) => `${term}: ${value}`),
  ].join("\n");
}

export type ShareOutcome = "telegram" | "shared" | "copied" | "failed";

/**
 * Shares the receipt: as a message the bot prepared, with a button that opens the receipt, on a
 * Telegram client that can send one (Bot API 8.0); else Telegram's share sheet inside Telegram,
 * the system share sheet in a browser that has one, otherwise a copy to the clipboard.
 */
export async function shareReceipt(receipt: ReceiptDto): Promise<ShareOutcome> {
  const language = currentLanguage();
  const text = receiptText(receipt, language);
  const env = await telegramForSharing();
  const asMessage = await shareAsMessage(env, { kind: "receipt", transferId: receipt.id });
  if (asMessage === "sent") return "telegram";
  // Closing Telegram's chat picker is not a failure, nor a reason to offer another sheet.
  if (asMessage === "declined") return "shared";
  try {
    if (env?.native && env.sdk.openTelegramLink.isAvailable()) {
      env.sdk.openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(" ")}&text=${encodeURIComponent(text)}`);
      return "telegram";
    }
    if (typeof navigator.share === "function") {
      await navigator.share({ title: formStringsOf(language).receipt.shareTitle, text });
      return "shared";
    }
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch (error) {
    // Closing the system share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return "shared";
    return "failed";
  }
}
