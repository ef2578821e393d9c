import { z } from "zod";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { readJson, route } from "@/lib/server/http";
import { logger } from "@/lib/server/platform/log";
import { postToSharedChat } from "@/lib/server/share/chat-request";
import { replyTo, writeAccessChange } from "@/lib/server/telegram/handle-update";
import { handleInlineUpdate } from "@/lib/server/share/inline-mode";
import { isWebhookSecret } from "@/lib/server/telegram/webhook-secret";
import { setBotMayWrite } from "@/lib/server/users/bot-may-write";

/**
 * Telegram's webhook. Without the right X-Telegram-Bot-Api-Secret-Token: 401, nothing read.
 * Otherwise always 200 — Telegram retries anything else — with the bot's answer, if any, as a
 * Bot API call in the body (see lib/server/telegram/handle-update.ts).
 */
export const POST = route(
  {
    method: "POST",
    path: "/api/telegram/webhook",
    summary:
      "Telegram's webhook (header X-Telegram-Bot-Api-Secret-Token, registered by npm run bot:setup): answers /start and /help with a Bot API sendMessage call, anything else with {}; answers inline queries and makes the payment request of a sent inline card; posts a request to a chat picked with requestChat; /start, a granted write access and blocking or unblocking the bot record whether the bot may write to the user",
    description:
      "Called by Telegram, not by clients. The secret token header must match the one registered by npm run bot:setup (401 otherwise). /start and /help are answered in the response body with one sendMessage call; any other update gets {}. Inline queries from Minibank users are answered (answerInlineQuery) with a payment-request card, others with a button to sign in; a sent card (chosen_inline_result) makes its request once. A chat shared through the Mini App's requestChat gets the request posted by the bot (a sendMessage call in the body tells the user when it could not be). /start, a granted write access and blocking or unblocking the bot also record whether the bot may write to the user.",
    tag: "telegram",
    auth: false,
    ownBody: z.looseObject({ update_id: z.number().int() }),
    ok: { status: 200, schema: z.looseObject({}) },
    errors: ["UNAUTHORIZED"],
  },
  async ({ req }) => {
    if (!isWebhookSecret(req.headers.get("x-telegram-bot-api-secret-token"))) throw new AppError("UNAUTHORIZED");
    try {
      const update = await readJson(req);
      const access = writeAccessChange(update);
      if (access) await setBotMayWrite(access);
      if (await handleInlineUpdate(update)) return {};
      return (await postToSharedChat(update)) ?? replyTo(update, getEnv().appUrl) ?? {};
    } catch (error) {
      logger.warn({ err: error }, "telegram update not handled");
      return {};
    }
  },
);
