import "server-only";
import type { InlineQueryResultsButton } from "grammy/types";
import { z } from "zod";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { getEnv } from "@/lib/server/platform/env";
import { logger } from "@/lib/server/platform/log";
import { createRequest, newRequestToken } from "@/lib/server/requests/create-request";
import { botApi, describeBotError } from "@/lib/server/telegram/bot-api";
import { parseRequestQuery } from "@/lib/server/share/inline-query";
import { REQUEST_PAYLOAD_PREFIX } from "@/lib/server/share/prepare-share";
import { requestArticle } from "@/lib/server/share/request-card";
import { findRequestId, findTelegramUser, findWalletOf } from "@/lib/server/share/store";
import { DICTIONARIES, pickLanguage, type Language } from "@/lib/shared/i18n";
import { CURRENCY_INFO } from "@/lib/shared/money";
import { REQUEST_TOKEN } from "@/lib/shared/schemas/requests";
import { fill } from "@/lib/shared/strings";

const sender = z.object({ id: z.number().int().positive(), language_code: z.string().max(35).optional() });
const inlineQueryUpdate = z.object({ inline_query: z.object({ id: z.string().min(1).max(64), from: sender, query: z.string().max(256) }) });
const chosenResultUpdate = z.object({
  chosen_inline_result: z.object({
    result_id: z.string().max(64),
    from: sender,
    query: z.string().max(256),
    inline_message_id: z.string().max(256).optional(),
  }),
});

/** The Minibank user behind a Telegram account, or null for someone who never signed in with it. */
async function minibankUser(telegramId: number): Promise<{ id: number } | null> {
  return findTelegramUser(String(telegramId));
}

/**
 * What the bot offers for an inline query: for a Minibank user whose query reads as a request
 * into one of their wallets, one card (its token drawn now, the request made only when the card is
 * sent); otherwise a button above the results that opens the Mini App — to sign in, to see how to
 * type it, or to open the missing wallet.
 */
async function inlineAnswer(query: z.infer<typeof inlineQueryUpdate>["inline_query"], language: Language) {
  const env = getEnv();
  const t = DICTIONARIES[language].telegram.inline;
  const open = (text: string, path = ""): InlineQueryResultsButton => ({ text, web_app: { url: `${env.appUrl}${path}` } });
  const user = await minibankUser(query.from.id);
  if (!user) return { results: [], button: open(t.signIn) };
  const request = parseRequestQuery(query.query);
  if (!request || !env.telegramBotLink) return { results: [], button: open(t.hint, "/requests") };
  const wallet = await findWalletOf(user.id, request.currency);
  if (!wallet) return { results: [], button: open(fill(t.noWallet, { currency: CURRENCY_INFO[request.currency].symbol })) };
  const article = requestArticle({
    token: newRequestToken(),
    amount: request.amount,
    currency: request.currency,
    message: request.message ?? null,
    language,
    botLink: env.telegramBotLink,
  });
  return { results: [article] };
}

/** Answers an inline query (`answerInlineQuery`: personal, never cached); a refusal is logged. */
async function answerQuery(query: z.infer<typeof inlineQueryUpdate>["inline_query"]): Promise<void> {
  const language = pickLanguage({ detected: [query.from.language_code] });
  const { results, button } = await inlineAnswer(query, language);
  try {
    // Interactive: an answer that waits out a 429 comes too late to be shown.
    await botApi(getEnv(), { retries: false }).answerInlineQuery(query.id, results, { cache_time: 0, is_personal: true, ...(button ? { button } : {}) });
  } catch (error) {
    logger.warn({ bot: describeBotError(error) }, "inline query not answered");
  }
}

/**
 * A card was sent: makes its request, once (the card's token; the same update again finds it
 * made, and spends no request slot — one delivered at the same time as the first gives its slot
 * back when its write fails). When it cannot be made, the sent message says so instead of
 * offering a dead link.
 */
async function makeChosenRequest(chosen: z.infer<typeof chosenResultUpdate>["chosen_inline_result"]): Promise<void> {
  const token = chosen.result_id.startsWith(REQUEST_PAYLOAD_PREFIX) ? chosen.result_id.slice(REQUEST_PAYLOAD_PREFIX.length) : "";
  if (!REQUEST_TOKEN.test(token) || (await findRequestId(token))) return;
  const language = pickLanguage({ detected: [chosen.from.language_code] });
  const [user, request] = [await minibankUser(chosen.from.id), parseRequestQuery(chosen.query)];
  try {
    if (!user || !request) throw new Error("the chosen card no longer reads as a request");
    await createRequest({ ...request, userId: user.id, token });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    logger.warn({ err: error }, "inline request not created");
    if (!chosen.inline_message_id) return;
    await botApi(getEnv(), { retries: false })
      .editMessageTextInline(chosen.inline_message_id, DICTIONARIES[language].telegram.inline.failed)
      .catch((failure: unknown) => logger.warn({ bot: describeBotError(failure) }, "failed inline request not marked"));
  }
}

/**
 * Inline mode (`@<bot> 500 за обед` in any chat): answers inline queries and makes the request of
 * a sent card (`chosen_inline_result`, which needs inline feedback on in @BotFather). True when
 * the update was one of these. Never throws.
 */
export async function handleInlineUpdate(update: unknown): Promise<boolean> {
  const query = inlineQueryUpdate.safeParse(update);
  if (query.success) {
    await answerQuery(query.data.inline_query).catch((error: unknown) => logger.warn({ err: error }, "inline query failed"));
    return true;
  }
  const chosen = chosenResultUpdate.safeParse(update);
  if (chosen.success) {
    await makeChosenRequest(chosen.data.chosen_inline_result).catch((error: unknown) => logger.warn({ err: error }, "chosen inline result failed"));
    return true;
  }
  return false;
}
