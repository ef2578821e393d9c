import "server-only";
import { fixedWindowAt } from "@/lib/server/limits/window";
import { AppError } from "@/lib/server/platform/errors";
import { shareStatus, toSplitDto } from "@/lib/server/splits/dto";
import { ownSplit } from "@/lib/server/splits/read-splits";
import { noticeRoute } from "@/lib/server/notifications/enqueue";
import { contactsOf, splitByToken, type ShareRow } from "@/lib/server/splits/store";
import { recordReminder, type ReminderNotice } from "@/lib/server/splits/store-shares";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { formatMoney, isCurrency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import type { SplitDto } from "@/lib/shared/schemas/splits";
import { clockNow } from "@/lib/server/platform/clock";

/** A split's participants are reminded at most once in this long. */
export const REMIND_INTERVAL_MS = 24 * 60 * 60 * 1000;
/**
 * Reminders one person is told at most in any 24 hours, from every organiser together: counted
 * over fixed 24-hour windows, this one and the one before counting whole (lib/server/db/counter.ts).
 */
export const REMINDERS_PER_PERSON_PER_DAY = 3;

/**
 * Reminds the participants whose shares are still pending: each such share records when it was
 * reminded, which its participant sees on the split, and each participant who can be reached is
 * told through the outbox (the bot, or e-mail) in their language — with their share's amount only:
 * the organiser's words (the title) stay in the app. Once per 24 hours per split, enforced by one
 * conditional update (a second reminder sooner is a 429 with the reason, whatever instance it
 * reaches). One person is told at most REMINDERS_PER_PERSON_PER_DAY reminders in any 24 hours,
 * whoever the organisers, so several accounts cannot make the bot pester anyone. Only the
 * organiser may; a cancelled split has nobody to remind.
 */
export async function remindSplit(options: { token: string; callerId: number }): Promise<SplitDto> {
  const split = await ownSplit(options.token, options.callerId);
  if (split.status === "cancelled") throw new AppError("SPLIT_CLOSED", "splits.errors.cancelled");
  const now = clockNow();
  const pending = split.shares.filter((share) => share.participantId !== null && shareStatus(share, now) === "pending");
  const notices = await reminderNotices(pending, split.currency);
  const since = new Date(now.getTime() - REMIND_INTERVAL_MS);
  const counted = await recordReminder(
    { splitId: split.id, now, since, shareIds: pending.map((share) => share.id), notices },
    fixedWindowAt(now, REMIND_INTERVAL_MS),
    REMINDERS_PER_PERSON_PER_DAY,
  );
  if (!counted) throw new AppError("RATE_LIMITED", "splits.errors.remindedToday");
  const reminded = await splitByToken(split.token);
  if (!reminded) throw new Error("a split vanished after a reminder");
  return toSplitDto(reminded, options.callerId);
}

/** The outbox rows of a reminder: one per pending participant who can be reached. */
async function reminderNotices(pending: ShareRow[], currency: string): Promise<ReminderNotice[]> {
  const contacts = await contactsOf(pending.flatMap((share) => (share.participantId === null ? [] : [share.participantId])));
  return pending.flatMap((share) => {
    const contact = share.participantId === null ? undefined : contacts.get(share.participantId);
    const route = contact ? noticeRoute(contact) : null;
    if (!route || share.participantId === null || !isCurrency(currency)) return [];
    const amount = formatMoney(share.amount, currency, route.language);
    const text = fill(DICTIONARIES[route.language].splits.reminder, { amount });
    return [{ userId: share.participantId, channel: route.channel, address: route.address, text }];
  });
}
