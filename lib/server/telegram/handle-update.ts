import "server-only";
import { z } from "zod";
import { DICTIONARIES, pickLanguage } from "@/lib/shared/i18n";

/** A `start` payload as Telegram passes it: A–Z, a–z, 0–9, _ and -, at most 512 characters. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,512}$/;

/** The part of an update the bot reads: a private chat's text message. Anything else is ignored. */
const privateText = z.object({
  message: z.object({
    chat: z.object({ id: z.number().int(), type: z.literal("private") }),
    text: z.string().max(4096),
    from: z.object({ language_code: z.string().max(35).optional() }).optional(),
  }),
});

/**
 * The updates that tell whether the bot may write to someone: a private chat's /start or the
 * service message of a granted write-access request (`write_access_allowed`), and the bot's
 * membership in a private chat (`my_chat_member`: "kicked" when the user blocks the bot).
 */
const writeAccessUpdate = z.union([
  z.object({
    message: z.object({
      chat: z.object({ type: z.literal("private") }),
      from: z.object({ id: z.number().int().positive() }),
      text: z.string().max(4096).optional(),
      write_access_allowed: z.looseObject({}).optional(),
    }),
  }),
  z.object({
    my_chat_member: z.object({
      chat: z.object({ type: z.literal("private") }),
      from: z.object({ id: z.number().int().positive() }),
      new_chat_member: z.object({ status: z.string() }),
    }),
  }),
]);

/** Whether an update grants (true) or withdraws (false) the bot's leave to write to its sender; null: neither. */
export function writeAccessChange(update: unknown): { telegramId: string; mayWrite: boolean } | null {
  const parsed = writeAccessUpdate.safeParse(update);
  if (!parsed.success) return null;
  if ("my_chat_member" in parsed.data) {
    const { from, new_chat_member } = parsed.data.my_chat_member;
    if (new_chat_member.status === "kicked") return { telegramId: String(from.id), mayWrite: false };
    if (new_chat_member.status === "member") return { telegramId: String(from.id), mayWrite: true };
    return null;
  }
  const { from, text, write_access_allowed } = parsed.data.message;
  const command = text?.trim().split(/\s+/, 1)[0]?.replace(/@\w+$/, "");
  return write_access_allowed || command === "/start" ? { telegramId: String(from.id), mayWrite: true } : null;
}

/** A Bot API call in the webhook's answer: Telegram makes it on the bot's behalf. */
export type WebhookReply = {
  method: "sendMessage";
  chat_id: number;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; web_app: { url: string }; style?: "primary" | "success" | "danger" }[][] };
};

/** The Mini App's address, opened on a `start` payload when there is one. */
export function miniAppUrl(appUrl: string, payload?: string): string {
  return payload ? `${appUrl}/?startapp=${payload}` : appUrl;
}

/**
 * What the bot answers to an update: /start (with or without a payload) and /help get a message
 * with a button that opens the Mini App, in the sender's language (Telegram's `language_code`:
 * Russian for Russian or none, English for any other); every other update gets nothing. Never
 * throws.
 */
export function replyTo(update: unknown, appUrl: string): WebhookReply | null {
  const parsed = privateText.safeParse(update);
  if (!parsed.success) return null;
  const { chat, text, from } = parsed.data.message;
  const t = DICTIONARIES[pickLanguage({ detected: [from?.language_code] })].bot;
  const [command, argument] = text.trim().split(/\s+/, 2);
  const name = command?.replace(/@\w+$/, "");
  if (name !== "/start" && name !== "/help") return null;
  const payload = name === "/start" && argument && START_PAYLOAD.test(argument) ? argument : undefined;
  return {
    method: "sendMessage",
    chat_id: chat.id,
    text: name === "/help" ? t.help : payload ? t.startWithPayload : t.start,
    // Blue where the client shows button styles (Bot API 9.4); the default colour elsewhere.
    reply_markup: { inline_keyboard: [[{ text: t.openButton, web_app: { url: miniAppUrl(appUrl, payload) }, style: "primary" }]] },
  };
}
