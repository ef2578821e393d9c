import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import type { OwnerContact, RunRecord, ScheduleNotice, ScheduleRow } from "@/lib/server/schedules/store";
import { DICTIONARIES, isLanguage, type Language } from "@/lib/shared/i18n";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/**
 * What a schedule tells its owner through the outbox (the bot, or e-mail when the bot may not
 * write to them), in their language: each run's ending, the pause after failures in a row, and
 * the evening-before warning. None when they switched notifications off or cannot be reached.
 */

type Party = Pick<ScheduleRow, "userId" | "amount" | "currency"> & OwnerContact & { recipientName: string | null };

function address(party: Party): { channel: string; address: string } | null {
  if (!party.notify) return null;
  if (party.telegramId !== null && getEnv().notifyByTelegram) return { channel: "telegram", address: party.telegramId };
  return party.email ? { channel: "email", address: party.email } : null;
}

function words(party: Party): { language: Language; amount: string; recipient: string } {
  const language = isLanguage(party.language) ? party.language : "ru";
  const amount = isCurrency(party.currency) ? formatMoney(party.amount, party.currency, language) : String(party.amount);
  return { language, amount, recipient: party.recipientName ?? DICTIONARIES[language].common.unknown };
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
