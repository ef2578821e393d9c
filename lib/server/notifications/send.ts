import "server-only";
import { GrammyError, HttpError } from "grammy";
import { getEnv } from "@/lib/server/platform/env";
import { MailDeferredError, MailUnreachableError, sendMail } from "@/lib/server/mail/send-mail";
import type { Channel } from "@/lib/server/notifications/claim";
import { botApi, describeBotError } from "@/lib/server/telegram/bot-api";
import { setBotMayWrite } from "@/lib/server/users/bot-may-write";
import { DICTIONARIES, type Language } from "@/lib/shared/i18n";

/** How long an SMTP server that answered 4xx is left alone (it gives no time of its own). */
export const MAIL_DEFERRED_MS = 10_000;
/**
 * How long a channel whose server cannot be reached (the Bot API or the SMTP server down, the
 * network gone) is left alone. Not a try either: without this every due message would fail in
 * turn, each a claim and a settle, as fast as connections are refused.
 */
export const UNREACHABLE_MS = 5_000;

/**
 * How one try went. `slowDown`: the other side asked us to wait (Telegram's 429 with its
 * `retry_after`, an SMTP 4xx) or could not be reached — nothing is wrong with the message, so the
 * try is not counted.
 * `failed`: a real failure; `retry` false when trying again cannot help; `tooLong` when Telegram
 * found the text over its limit (a shorter one may pass: deliver.ts tries again at once with less).
 */
export type Outcome =
  | { kind: "sent" }
  | { kind: "slowDown"; waitMs: number; error: string }
  | { kind: "failed"; retry: boolean; error: string; tooLong?: true };

/** Telegram's answer to a text over 4,096 characters (400). */
const TOO_LONG = /message is too long/i;

async function sendTelegram(chatId: string, text: string, language: Language): Promise<Outcome> {
  const env = getEnv();
  try {
    // The worker schedules its own retries: the client must not sit on a message for seconds.
    await botApi(env, { retries: false }).sendMessage(chatId, text, {
      reply_markup: { inline_keyboard: [[{ text: DICTIONARIES[language].bot.historyButton, web_app: { url: `${env.appUrl}/bank` } }]] },
    });
    return { kind: "sent" };
  } catch (error) {
    const { code, description } = describeBotError(error);
    if (error instanceof GrammyError && code === 429) {
      return { kind: "slowDown", waitMs: (error.parameters.retry_after ?? 1) * 1000, error: description };
    }
    // 403: the user blocked the bot or never started it — recorded, so that their next notices
    // go by e-mail and their settings say so. 400: no such chat. Trying again won't help.
    if (error instanceof GrammyError && code === 403) await setBotMayWrite({ telegramId: chatId, mayWrite: false });
    // Too long: not the chat's fault, so never given up at once (nor lost without a word).
    if (error instanceof GrammyError && code === 400 && TOO_LONG.test(description)) return { kind: "failed", retry: true, error: description, tooLong: true };
    if (error instanceof GrammyError && code !== null && code < 500) return { kind: "failed", retry: false, error: description };
    // No answer at all: the Bot API cannot be reached.
    if (error instanceof HttpError) return { kind: "slowDown", waitMs: UNREACHABLE_MS, error: description };
    return { kind: "failed", retry: true, error: error instanceof GrammyError ? description : "Bot API call failed" };
  }
}

async function sendEmail(to: string, text: string, language: Language): Promise<Outcome> {
  try {
    await sendMail({ to, subject: DICTIONARIES[language].bot.receivedSubject, text });
    return { kind: "sent" };
  } catch (error) {
    if (error instanceof MailDeferredError) return { kind: "slowDown", waitMs: MAIL_DEFERRED_MS, error: "e-mail deferred by the SMTP server" };
    if (error instanceof MailUnreachableError) return { kind: "slowDown", waitMs: UNREACHABLE_MS, error: "SMTP server not reachable" };
    return { kind: "failed", retry: true, error: "e-mail not sent" };
  }
}

/** One try at handing a message to its channel: the bot for Telegram chats, SMTP (or the demo outbox) for e-mail. */
export function send(channel: Channel, address: string, text: string, language: Language = "ru"): Promise<Outcome> {
  return channel === "telegram" ? sendTelegram(address, text, language) : sendEmail(address, text, language);
}
