import "server-only";
import type { InlineKeyboardMarkup, InlineQueryResultArticle } from "grammy/types";
import { REQUEST_PAYLOAD_PREFIX } from "@/lib/server/share/prepare-share";
import { quotable } from "@/lib/server/users/quotable";
import { DICTIONARIES, type Language } from "@/lib/shared/i18n";
import { formatMoney, type Currency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";

/** What a payment request's card in a chat shows. */
export type RequestCardInput = {
  token: string;
  amount: bigint | number;
  currency: Currency;
  message: string | null;
  language: Language;
  /** The bot's Mini App link (`https://t.me/<bot>/<app>`). */
  botLink: string;
};

/**
 * The requester's words as the bot may carry them: the rule every text the bot sends follows
 * (users/quotable.ts) — nothing with a link, a long number or what passes for the bank.
 */
function shownMessage(message: string | null): string | null {
  return message && quotable(message) ? message : null;
}

/** The bot's Mini App link with a `startapp` payload that opens the request. */
export function requestStartLink(botLink: string, token: string): string {
  const url = new URL(botLink);
  url.searchParams.set("startapp", `${REQUEST_PAYLOAD_PREFIX}${token}`);
  return url.toString();
}

/**
 * A payment request as a message in any chat: the amount and the message, with a button that
 * opens the Mini App on it. A link button, since a `web_app` button is allowed only in the bot's
 * own private chats; coloured green where the client shows button styles (Bot API 9.4).
 */
export function requestCard(input: RequestCardInput): { text: string; reply_markup: InlineKeyboardMarkup } {
  const t = DICTIONARIES[input.language];
  const amount = formatMoney(input.amount, input.currency, input.language);
  return {
    text: [fill(t.requests.shareText, { amount }), shownMessage(input.message)].filter(Boolean).join("\n"),
    reply_markup: {
      inline_keyboard: [[{ text: t.share.payRequest, url: requestStartLink(input.botLink, input.token), style: "success" }]],
    },
  };
}

/** The same card as an inline-mode result; its id carries the request's token. */
export function requestArticle(input: RequestCardInput): InlineQueryResultArticle {
  const t = DICTIONARIES[input.language];
  const card = requestCard(input);
  return {
    type: "article",
    id: `${REQUEST_PAYLOAD_PREFIX}${input.token}`,
    title: fill(t.share.requestTitle, { amount: formatMoney(input.amount, input.currency, input.language) }),
    description: shownMessage(input.message) ?? t.share.requestDescription,
    input_message_content: { message_text: card.text },
    reply_markup: card.reply_markup,
  };
}
