import "server-only";
import { noticeRoute, senderLabel } from "@/lib/server/notifications/enqueue";
import type { OwnerContact, Recipient, RunRecord, ScheduleNotice, ScheduleRow } from "@/lib/server/schedules/store";
import { isTelegramVerified } from "@/lib/server/users/username";
import { DICTIONARIES, isLanguage, type Language } from "@/lib/shared/i18n";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/**
 * What a schedule tells its owner through the outbox (the bot, or e-mail when the bot may not
 * write to them), in their language: each run's ending, the pause after failures in a row, and
 * the evening-before warning. None when they switched notifications off or cannot be reached.
 * The recipient is named as a credit notice names its sender: by handle ("@gosha (Telegram)",
 * "e.k7qm2xwa (Minibank)"), never by the first name they typed, which they may change at any
 * sign-in to something that passes for the bank's own words.
 */

type Party = Pick<ScheduleRow, "userId" | "amount" | "currency"> & OwnerContact & Recipient;

function address(party: OwnerContact): { channel: string; address: string } | null {
  const route = noticeRoute(party);
  return route && { channel: route.channel, address: route.address };
}

function words(party: Party): { language: Language; amount: string; recipient: string } {
  const language = isLanguage(party.language) ? party.language : "ru";
  const amount = isCurrency(party.currency) ? formatMoney(party.amount, party.currency, language) : String(party.amount);
  const handle = party.recipientHandle;
  const verified = isTelegramVerified({ username: handle, telegramUsername: party.recipientTelegramUsername });
  return { language, amount, recipient: senderLabel({ handle, verified }, language) };
}

/** After a run: made, or refused with its reason (and, when this refusal paused it, that too). */
export function runNotice(party: Party, run: RunRecord, pausedAfter: number | null): ScheduleNotice | null {
  const to = address(party);
  if (!to) return null;
  const { language, amount, recipient } = words(party);
  const t = DICTIONARIES[language].schedules;
  let text: string;
  if (run.status === "done") text = fill(t.bot.done, { amount, recipient });
  else {
    const reasons: Record<string, string> = t.reasons;
    const reason = reasons[run.reason ?? ""] ?? t.reasons.other;
    text = fill(t.bot.failed, { amount, recipient, reason });
    if (pausedAfter !== null) text += `\n${fill(t.bot.paused, { amount, recipient, count: pausedAfter })}`;
  }
  return { userId: party.userId, ...to, text };
}

/** The evening before: the sending wallet holds less than the run needs. */
export function lowBalanceNotice(party: Party & { balance: bigint | null }): ScheduleNotice | null {
  const to = address(party);
  if (!to) return null;
  const { language, amount, recipient } = words(party);
  const balance = isCurrency(party.currency) ? formatMoney(party.balance ?? 0n, party.currency, language) : String(party.balance ?? 0n);
  return { userId: party.userId, ...to, text: fill(DICTIONARIES[language].schedules.bot.lowBalance, { amount, recipient, balance }) };
}

/** A theft detected on the session that created `count` of the owner's schedules paused them. */
export function sessionPausedNotice(owner: OwnerContact & { userId: number }, count: number): ScheduleNotice | null {
  const to = address(owner);
  if (!to) return null;
  const language = isLanguage(owner.language) ? owner.language : "ru";
  return { userId: owner.userId, ...to, text: fill(DICTIONARIES[language].schedules.bot.sessionPaused, { count }) };
}
