import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { quotable } from "@/lib/server/users/quotable";
import { DICTIONARIES, isLanguage, type Language } from "@/lib/shared/i18n";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/**
 * The plan's `notice` effect (lib/server/ledger/plan.ts): "money arrived", written to the outbox
 * by the transaction that moves the money.
 */
export type NoticeEffect = { type: "notice"; userId: number; channel: string; address: string; text: string };

/** What the ledger read about the receiver (and, for a transfer, the sender) before moving money. */
export type NoticeParty = {
  receiverId: number;
  notify: boolean;
  /** The chat to tell them in: null when they have no Telegram or the bot may not write to them. */
  telegramId: string | null;
  email: string | null;
  receiverIsSystem: boolean;
  /** The receiver's language (User.language): the notice is written in it. */
  language: string;
  /**
   * Null for a top-up (the bank sends it). A transfer's sender is named by their handle, never by
   * a name they typed: `verified` says Telegram vouches for it (their Telegram username).
   */
  sender: { id: number; handle: string | null; verified: boolean } | null;
};

/** How a customer may be told something: their switch, their chat (null when the bot may not write), their e-mail, their language. */
export type Contact = { notify: boolean; telegramId: string | null; email: string | null; language: string };

/**
 * Where a notice to `contact` goes, in which language: the bot when they have a chat it may write
 * to, else e-mail; null when they switched notices off or cannot be reached.
 */
export function noticeRoute(contact: Contact): { channel: "telegram" | "email"; address: string; language: Language } | null {
  if (!contact.notify) return null;
  const language = isLanguage(contact.language) ? contact.language : "ru";
  if (contact.telegramId !== null && getEnv().notifyByTelegram) return { channel: "telegram", address: contact.telegramId, language };
  return contact.email ? { channel: "email", address: contact.email, language } : null;
}

/**
 * How the bot names a person — a transfer's sender, a schedule's recipient: by handle, never by a
 * name they typed. "@gosha (Telegram)" when Telegram vouches for the handle, else
 * "e.k7qm2xwa (Minibank)".
 */
export function senderLabel(sender: { id?: number; handle: string | null; verified: boolean }, language: Language = "ru"): string {
  const t = DICTIONARIES[language];
  if (!sender.handle) return t.common.unknown;
  return fill(sender.verified ? t.bot.senderTelegram : t.bot.senderMinibank, { handle: sender.handle });
}

/**
 * "Money arrived" for the receiver of a planned transfer, to be written to the outbox by the
 * statement that moves the money (the plan's `notice` effect): the message exists exactly when the money
 * moved, and sending it later can neither block nor fail the transfer. None when the receiver
 * switched notifications off, moved money between their own wallets, or has no way to be reached
 * (e-mail is the fallback when the bot may not write to them).
 * (The worker checks the switch again before sending.)
 */
export function creditNotice(
  plan: { receivedAmount: bigint; receivedCurrency: string; message?: string | null },
  party: NoticeParty,
): NoticeEffect | undefined {
  if (!party.notify || party.receiverIsSystem) return undefined;
  if (party.sender && party.sender.id === party.receiverId) return undefined;
  const byTelegram = party.telegramId !== null && getEnv().notifyByTelegram;
  const address = byTelegram ? party.telegramId : party.email;
  if (!address || !isCurrency(plan.receivedCurrency)) return undefined;
  const language = isLanguage(party.language) ? party.language : "ru";
  const t = DICTIONARIES[language];
  const amount = formatMoney(plan.receivedAmount, plan.receivedCurrency, language);
  const text = party.sender
    ? fill(t.bot.received, { amount, sender: senderLabel(party.sender, language) })
    : fill(t.bot.toppedUp, { amount });
  // Sent as plain text (no parse mode, a text e-mail): the message cannot become markup. The
  // sender's words are quoted as theirs; one that could pass for the bank's own words (a link, a
  // phone number, the bank's name, a request for a code: `quotable`) stays in the app's receipt,
  // where nothing turns it into a link, instead of riding in the bank's own message.
  const quoted =
    plan.message && (quotable(plan.message) ? fill(t.transferMessage.notice, { message: plan.message }) : t.transferMessage.noticeInReceipt);
  const withMessage = quoted ? `${text}\n${quoted}` : text;
  return { type: "notice", userId: party.receiverId, channel: byTelegram ? "telegram" : "email", address, text: withMessage };
}
