import "server-only";
import { GrammyError, HttpError } from "grammy";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { logger } from "@/lib/server/log";
import { sendMail } from "@/lib/server/mail/send-mail";
import { processState } from "@/lib/server/process-state";
import { botApi, describeBotError } from "@/lib/server/telegram/bot-api";
import { ru } from "@/lib/shared/strings";

/** A claimed message is this worker's for 30 s; after that another worker may take it over. */
export const LEASE_MS = 30_000;
/** Tries before a message is given up (`failed`). */
export const MAX_ATTEMPTS = 8;
/** Backoff after the n-th failed try (no `retry_after` given): 2, 4, 8 … s, at most 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 10 * 60 * 1000);
}

type Claimed = { id: number; userId: number; channel: string; address: string; text: string; attempts: number };

/**
 * Takes up to `limit` due messages for this worker: pending ones whose time has come, and ones a
 * crashed worker left `sending` past its lease. One UPDATE, so two workers never take the same row;
 * `attempts` doubles as the lease's token (see `settle`).
 */
async function claimDue(now: Date, limit: number): Promise<Claimed[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const rows = await getDb().$queryRaw<Claimed[]>`
    UPDATE "Notification" SET "status" = 'sending', "leaseUntil" = ${until}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "Notification"
      WHERE ("status" = 'pending' AND "nextAttemptAt" <= ${now})
         OR ("status" = 'sending' AND "leaseUntil" < ${now})
      ORDER BY "id" LIMIT ${limit})
    RETURNING "id", "userId", "channel", "address", "text", "attempts"`;
  return rows.map((r) => ({ ...r, id: Number(r.id), userId: Number(r.userId), attempts: Number(r.attempts) }));
}

type Result = { sent: true } | { sent: false; retryAt: Date | null; error: string };

async function send(message: Claimed, now: Date): Promise<Result> {
  // Switched off since the money arrived: nothing more goes out.
  const user = await getDb().user.findUnique({ where: { id: message.userId }, select: { notification: true } });
  if (!user?.notification) return { sent: false, retryAt: null, error: "notifications switched off" };
  try {
    if (message.channel === "telegram") {
      const url = `${getEnv().appUrl}/bank`;
      await botApi(getEnv(), { retries: false }).sendMessage(message.address, message.text, {
        reply_markup: { inline_keyboard: [[{ text: ru.bot.historyButton, web_app: { url } }]] },
      });
    } else {
      await sendMail({ to: message.address, subject: ru.bot.receivedSubject, text: message.text });
    }
    return { sent: true };
  } catch (error) {
    const { code, description } = describeBotError(error);
    const later = (ms: number) => new Date(now.getTime() + ms);
    if (error instanceof GrammyError && code === 429) {
      return { sent: false, retryAt: later((error.parameters.retry_after ?? 1) * 1000), error: description };
    }
    if (error instanceof GrammyError && code !== null && code < 500) {
      // 403: the user blocked the bot or never started it; 400: no such chat. Trying again won't help.
      return { sent: false, retryAt: null, error: description };
    }
    const what = error instanceof GrammyError || error instanceof HttpError ? description : "e-mail not sent";
    return { sent: false, retryAt: later(retryDelayMs(message.attempts)), error: what };
  }
}

/** Records the outcome, only if this worker still holds the lease (`attempts` unchanged). */
async function settle(message: Claimed, result: Result, now: Date): Promise<void> {
  const mine = { id: message.id, status: "sending", attempts: message.attempts };
  if (result.sent) {
    await getDb().notification.updateMany({ where: mine, data: { status: "sent", sentAt: now, leaseUntil: null, lastError: null } });
    return;
  }
  const giveUp = result.retryAt === null || message.attempts >= MAX_ATTEMPTS;
  await getDb().notification.updateMany({
    where: mine,
    data: giveUp
      ? { status: "failed", leaseUntil: null, lastError: result.error }
      : { status: "pending", leaseUntil: null, nextAttemptAt: result.retryAt!, lastError: result.error },
  });
}

/** One pass of the worker: claims due messages and delivers them. Returns how many it handled. */
export async function deliverDue(now: Date = new Date(), limit = 20): Promise<number> {
  // The worker runs every second in every process: an idle pass only reads (an UPDATE would take
  // SQLite's write lock each time, whether or not anything is due).
  const due = await getDb().notification.findFirst({
    where: {
      OR: [
        { status: "pending", nextAttemptAt: { lte: now } },
        { status: "sending", leaseUntil: { lt: now } },
      ],
    },
    select: { id: true },
  });
  if (!due) return 0;
  const claimed = await claimDue(now, limit);
  for (const message of claimed) {
    const result = await send(message, now);
    if (!result.sent) logger.warn({ notification: message.id, channel: message.channel, error: result.error }, "notification not delivered");
    await settle(message, result, now);
  }
  return claimed.length;
}

const state = processState("notification-worker", () => ({ timer: null as NodeJS.Timeout | null, busy: false }));

/** Delivers due messages every second, in every process (claims keep them from sending twice). */
export function startNotificationWorker(intervalMs = 1000): void {
  if (state.timer) return;
  state.timer = setInterval(() => {
    if (state.busy) return;
    state.busy = true;
    deliverDue()
      .catch((error: unknown) => logger.warn({ err: error }, "notification worker failed"))
      .finally(() => (state.busy = false));
  }, intervalMs);
  state.timer.unref();
}

export function stopNotificationWorker(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
