import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { logger } from "@/lib/server/platform/log";
import { getRequest } from "@/lib/server/requests/read-requests";
import { botApi, describeBotError } from "@/lib/server/telegram/bot-api";
import type { WebhookReply } from "@/lib/server/telegram/handle-update";
import { requestCard } from "@/lib/server/share/request-card";
import { findRequestById, findRequestId, findTelegramUser, telegramIdOf } from "@/lib/server/share/store";
import { DICTIONARIES, pickLanguage } from "@/lib/shared/i18n";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import type { PreparedChatButtonDto } from "@/lib/shared/schemas/share";

const { ru } = DICTIONARIES;

/**
 * "Отправить в чат" with Telegram's own chat picker (the Mini App's `requestChat`, Bot API 9.6):
 * the server prepares a chat-request button for the user (`savePreparedKeyboardButton`), the
 * client opens the picker with it, Telegram tells the bot which chat was chosen (a `chat_shared`
 * service message in the bot's chat with the user), and the bot posts the request's card there.
 * The button's request id is the payment request's row id, so nothing else is stored.
 */

/** One of the caller's pending requests with its row id; anyone else's is a 404, as everywhere. */
async function ownPendingRequest(token: string, callerId: number): Promise<{ id: number; dto: PaymentRequestDto }> {
  const dto = await getRequest({ token, callerId });
  if (!dto.own) throw new AppError("NOT_FOUND");
  if (dto.status === "paid") throw new AppError("REQUEST_PAID");
  if (dto.status === "cancelled") throw new AppError("REQUEST_CANCELLED");
  if (dto.status === "expired") throw new AppError("REQUEST_EXPIRED");
  const row = await findRequestId(token);
  if (!row) throw new AppError("NOT_FOUND");
  return { id: row.id, dto };
}

/**
 * Prepares the picker's button for one of the caller's pending requests: groups and supergroups
 * the bot is a member of (it posts there). Refusals as for prepared messages: a user without
 * Telegram → TELEGRAM_ONLY; no bot or no Mini App link → SHARE_UNAVAILABLE; Telegram refusing or
 * out of reach → TELEGRAM_FAILED (the app then shares the other way).
 */
export async function prepareChatButton(options: { callerId: number; token: string }): Promise<PreparedChatButtonDto> {
  const env = getEnv();
  const telegramId = await telegramIdOf(options.callerId);
  if (!telegramId) throw new AppError("TELEGRAM_ONLY");
  if (!env.telegramBotLink || !env.notifyByTelegram) throw new AppError("SHARE_UNAVAILABLE");
  const { id } = await ownPendingRequest(options.token, options.callerId);
  try {
    const button = await botApi(env, { retries: false }).savePreparedKeyboardButton(Number(telegramId), {
      text: ru.telegram.chat.choose,
      request_chat: { request_id: id, chat_is_channel: false, bot_is_member: true },
    });
    return { id: button.id };
  } catch (error) {
    logger.warn({ bot: describeBotError(error) }, "chat button not prepared");
    throw new AppError("TELEGRAM_FAILED");
  }
}

const chatSharedUpdate = z.object({
  message: z.object({
    chat: z.object({ id: z.number().int(), type: z.literal("private") }),
    from: z.object({ id: z.number().int().positive(), language_code: z.string().max(35).optional() }),
    chat_shared: z.object({ request_id: z.number().int().positive(), chat_id: z.number().int() }),
  }),
});

/**
 * A chat chosen in the picker: posts the request's card there when it is the sender's own pending
 * request. Answers (in the sender's chat with the bot) only when the card could not be posted.
 * Null for any other update. Never throws.
 */
export async function postToSharedChat(update: unknown): Promise<WebhookReply | null> {
  const parsed = chatSharedUpdate.safeParse(update);
  if (!parsed.success) return null;
  const { chat, from, chat_shared: shared } = parsed.data.message;
  const language = pickLanguage({ detected: [from.language_code] });
  const env = getEnv();
  try {
    const row = await findRequestById(shared.request_id);
    const requester = await findTelegramUser(String(from.id));
    if (!row || !requester || row.requesterId !== requester.id || !env.telegramBotLink) throw new AppError("NOT_FOUND");
    const { dto } = await ownPendingRequest(row.token, requester.id);
    const card = requestCard({ ...dto, token: row.token, language, botLink: env.telegramBotLink });
    await botApi(env, { retries: false }).sendMessage(shared.chat_id, card.text, { reply_markup: card.reply_markup });
    return null;
  } catch (error) {
    logger.warn(error instanceof AppError ? { code: error.code } : { bot: describeBotError(error) }, "request not posted to the shared chat");
    return { method: "sendMessage", chat_id: chat.id, text: DICTIONARIES[language].telegram.chat.notPosted };
  }
}
