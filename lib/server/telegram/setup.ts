import "server-only";
import type { BotEnv } from "@/lib/server/platform/env";
import { botApi } from "@/lib/server/telegram/bot-api";
import { webhookSecret } from "@/lib/server/telegram/webhook-secret";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

export const WEBHOOK_PATH = "/api/telegram/webhook";

export type BotSetupReport = {
  menuButton: { type: string; text?: string; url?: string };
  commands: string[];
  webhook: { url: string; pendingUpdates: number; lastError?: string };
  /**
   * Inline mode (`@<bot> 500` in any chat): whether it is on (getMe), and what is left to do in
   * @BotFather — the Bot API can switch neither inline mode nor its feedback on.
   */
  inline: { enabled: boolean; botFather: string[] };
};

/** The updates the webhook asks for: messages, the bot's membership, and inline mode's two. */
export const ALLOWED_UPDATES = ["message", "my_chat_member", "inline_query", "chosen_inline_result"] as const;

/**
 * Registers the deployed app with its bot, idempotently (every call sets, none adds): the chat
 * menu button opens APP_URL as a Web App; /start and /help; the Russian descriptions; the
 * webhook at APP_URL/api/telegram/webhook with its secret, for inline queries too. Then reads the
 * settings back, and whether inline mode is on.
 */
export async function setUpBot(env: BotEnv): Promise<BotSetupReport> {
  const api = botApi(env);
  await api.setChatMenuButton({
    menu_button: { type: "web_app", text: ru.bot.menuButton, web_app: { url: env.appUrl } },
  });
  await api.setMyCommands([
    { command: "start", description: ru.bot.commandStart },
    { command: "help", description: ru.bot.commandHelp },
  ]);
  await api.setMyDescription(ru.bot.description);
  await api.setMyShortDescription(ru.bot.shortDescription);
  await api.setWebhook(`${env.appUrl}${WEBHOOK_PATH}`, {
    secret_token: webhookSecret(env.telegramBotToken),
    allowed_updates: [...ALLOWED_UPDATES],
  });

  const menu = await api.getChatMenuButton();
  const commands = await api.getMyCommands();
  const hook = await api.getWebhookInfo();
  const me = await api.getMe();
  return {
    menuButton: {
      type: menu.type,
      ...(menu.type === "web_app" ? { text: menu.text, url: menu.web_app.url ?? "" } : {}),
    },
    commands: commands.map((c) => `/${c.command}`),
    webhook: {
      url: hook.url ?? "",
      pendingUpdates: hook.pending_update_count,
      ...(hook.last_error_message ? { lastError: hook.last_error_message } : {}),
    },
    inline: { enabled: me.supports_inline_queries, botFather: inlineSteps(me.username, me.supports_inline_queries) },
  };
}

/**
 * What @BotFather must be told for inline mode: /setinline (with a placeholder) unless it is on,
 * and always /setinlinefeedback at 100% — the Bot API does not say whether feedback is on, and
 * without it a sent card's request is never made.
 */
function inlineSteps(bot: string, enabled: boolean): string[] {
  return [
    ...(enabled ? [] : [`/setinline → @${bot} → "${ru.telegram.inline.placeholder}"`]),
    `/setinlinefeedback → @${bot} → 100%`,
  ];
}
