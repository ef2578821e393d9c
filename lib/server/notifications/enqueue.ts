import "server-only";
import type { TransferPlan } from "@/lib/server/db/apply-transfer";
import { getEnv } from "@/lib/server/env";
import { DICTIONARIES, isLanguage } from "@/lib/shared/i18n";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/** What the ledger read about the receiver (and, for a transfer, the sender) before moving money. */
export type NoticeParty = {
  receiverId: number;
  notify: boolean;
  telegramId: string | null;
  email: string | null;
  receiverIsSystem: boolean;
  /** The receiver's language (User.language): the notice is written in it. */
  language: string;
  /** Null for a top-up (the bank sends it). */
  sender: { id: number; name: string | null } | null;
};

/**
 * "Money arrived" for the receiver of a planned transfer, to be written to the outbox by the
 * statement that moves the money (TransferPlan.notice): the message exists exactly when the money
 * moved, and sending it later can neither block nor fail the transfer. None when the receiver
 * switched notifications off, moved money between their own wallets, or has no way to be reached.
 * (The worker checks the switch again before sending.)
 */
export function creditNotice(plan: Pick<TransferPlan, "receivedAmount" | "receivedCurrency">, party: NoticeParty): TransferPlan["notice"] {
  if (!party.notify || party.receiverIsSystem) return undefined;
  if (party.sender && party.sender.id === party.receiverId) return undefined;
  const byTelegram = party.telegramId !== null && getEnv().notifyByTelegram;
  const address = byTelegram ? party.telegramId : party.email;
  if (!address || !isCurrency(plan.receivedCurrency)) return undefined;
  const language = isLanguage(party.language) ? party.language : "ru";
  const t = DICTIONARIES[language];
  const amount = formatMoney(plan.receivedAmount, plan.receivedCurrency, language);
  const text = party.sender
    ? fill(t.bot.received, { amount, name: party.sender.name ?? t.common.unknown })
    : fill(t.bot.toppedUp, { amount });
  return { userId: party.receiverId, channel: byTelegram ? "telegram" : "email", address, text };
}
