import "server-only";
import type { InlineQueryResultArticle } from "grammy/types";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { hitRateLimit } from "@/lib/server/limits/rate-limit";
import { getReceipt } from "@/lib/server/ledger/get-receipt";
import { logger } from "@/lib/server/platform/log";
import { getRequest } from "@/lib/server/requests/read-requests";
import { telegramIdOf } from "@/lib/server/share/store";
import { botApi, describeBotError } from "@/lib/server/telegram/bot-api";
import { quotable } from "@/lib/server/users/quotable";
import { isMadeHandle } from "@/lib/server/users/username";
import { formatMoney } from "@/lib/shared/money";
import type { PrepareShareBody, PreparedShareDto } from "@/lib/shared/schemas/share";
import { fill } from "@/lib/shared/strings";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

/**
 * The `startapp` payload that opens a receipt in the Mini App ("rcpt-" and the transfer id); the
 * receipt itself still answers only its sender and receiver. Payment requests use "req-<token>".
 */
export const RECEIPT_PAYLOAD_PREFIX = "rcpt-";
export const REQUEST_PAYLOAD_PREFIX = "req-";

/** The bot's Mini App link (`https://t.me/<bot>/<app>`) with a `startapp` payload. */
function startAppLink(botLink: string, payload: string): string {
  const url = new URL(botLink);
  url.searchParams.set("startapp", payload);
  return url.toString();
}

/** One of the caller's receipts as an inline article with a button that opens it in Minibank. */
async function receiptArticle(transferId: number, callerId: number, botLink: string): Promise<InlineQueryResultArticle> {
  const receipt = await getReceipt({ transferId, callerId });
  const kind =
    receipt.kind === "topup" ? ru.receipt.kind.topup : receipt.kind === "exchange" ? ru.receipt.exchangeKind : ru.receipt.kind[receipt.direction];
  const amount = formatMoney(receipt.amount, receipt.currency);
  const other = receipt.direction === "out" ? receipt.receiver : receipt.sender;
  const lines = [ru.receipt.shareTitle, `${kind} · ${ru.receipt.status}`, amount];
  // The bot's message carries a person's name only when it could not pass for the bank's words
  // (a handle the bank made is not anyone's words, though "e.abcdefgh" reads like a domain).
  if (receipt.kind === "transfer" && (isMadeHandle(other.name) || quotable(other.name))) {
    lines.push(`${receipt.direction === "out" ? ru.receipt.receiver : ru.receipt.sender}: ${other.name}`);
  }
  lines.push(`${ru.receipt.number}: ${receipt.id}`);
  return {
    type: "article",
    id: `${RECEIPT_PAYLOAD_PREFIX}${receipt.id}`,
    title: `${ru.receipt.shareTitle} · ${amount}`,
    description: `${kind} · ${ru.receipt.status}`,
    input_message_content: { message_text: lines.join("\n") },
    reply_markup: {
      inline_keyboard: [[{ text: ru.share.openReceipt, url: startAppLink(botLink, `${RECEIPT_PAYLOAD_PREFIX}${receipt.id}`) }]],
    },
  };
}

/** One of the caller's pending requests as an inline article with a button that pays it. */
async function requestArticle(token: string, callerId: number, botLink: string): Promise<InlineQueryResultArticle> {
  const request = await getRequest({ token, callerId });
  // Someone else's request (a link the caller holds) is not theirs to send: the same 404.
  if (!request.own) throw new AppError("NOT_FOUND");
  if (request.status === "paid") throw new AppError("REQUEST_PAID");
  if (request.status === "cancelled") throw new AppError("REQUEST_CANCELLED");
  if (request.status === "expired") throw new AppError("REQUEST_EXPIRED");
  const amount = formatMoney(request.amount, request.currency);
  // The requester's words go out in the bot's name, under a button to pay: only when they could
  // not pass for the bank's (no link, no phone number, no bank name, no request for a code).
  // Otherwise the payer reads them in the app, on the request's own screen.
  const message = request.message && quotable(request.message) ? request.message : null;
  const text = [fill(ru.requests.shareText, { amount }), message].filter(Boolean).join("\n");
  return {
    type: "article",
    id: `${REQUEST_PAYLOAD_PREFIX}${request.token}`,
    title: fill(ru.share.requestTitle, { amount }),
    description: message ?? ru.share.requestDescription,
    input_message_content: { message_text: text },
    reply_markup: {
      inline_keyboard: [[{ text: ru.share.payRequest, url: startAppLink(botLink, `${REQUEST_PAYLOAD_PREFIX}${request.token}`) }]],
    },
  };
}

/** The window SHARE_LIMIT_PER_USER counts prepared messages in. */
export const SHARE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Prepares a receipt or a payment request as a message the caller sends from the Mini App
 * (`savePreparedInlineMessage`, Bot API 8.0). A `web_app` button is not allowed in a shared
 * message, so the button is a link to the Mini App (`t.me/<bot>/<app>?startapp=…`).
 * Refusals: someone else's receipt or request → 404; a user without Telegram → TELEGRAM_ONLY;
 * no bot to talk to or no Mini App link configured → SHARE_UNAVAILABLE; the Bot API refusing or
 * out of reach → TELEGRAM_FAILED. The app then shares the old way. Each attempt that may reach the
 * Bot API counts against SHARE_LIMIT_PER_USER per 10 minutes (then 429), so one account cannot
 * turn the server into a stream of outbound calls on the bot's budget.
 */
export async function prepareShare(options: { callerId: number; target: PrepareShareBody }): Promise<PreparedShareDto> {
  const { callerId, target } = options;
  const env = getEnv();
  const telegramId = await telegramIdOf(callerId);
  if (!telegramId) throw new AppError("TELEGRAM_ONLY");
  // The demo's bot token names no real bot unless TELEGRAM_API_URL points at a Bot API.
  if (!env.telegramBotLink || !env.notifyByTelegram) throw new AppError("SHARE_UNAVAILABLE");
  await hitRateLimit({ key: `share:user:${callerId}`, limit: env.shareLimitPerUser, windowMs: SHARE_LIMIT_WINDOW_MS, message: "share.errors.tooMany" });
  const result =
    target.kind === "receipt"
      ? await receiptArticle(target.transferId, callerId, env.telegramBotLink)
      : await requestArticle(target.token, callerId, env.telegramBotLink);
  try {
    // Interactive: no 30-second waits on a 429; the app falls back at once instead.
    const prepared = await botApi(env, { retries: false }).savePreparedInlineMessage(Number(telegramId), result, {
      allow_user_chats: true,
      allow_group_chats: true,
    });
    return { id: prepared.id, expiresAt: new Date(prepared.expiration_date * 1000).toISOString() };
  } catch (error) {
    logger.warn({ bot: describeBotError(error) }, "prepared message not saved");
    throw new AppError("TELEGRAM_FAILED");
  }
}
