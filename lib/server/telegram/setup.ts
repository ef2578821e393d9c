import "server-only";
import type { BotEnv } from "@/lib/server/platform/env";
import { botApi } from "@/lib/server/telegram/bot-api";
import { webhookSecret } from "@/lib/server/telegram/webhook-secret";
import { ru } from "@/lib/shared/strings";

export const WEBHOOK_PATH = "/api/telegram/webhook";

export type BotSetupReport = {
  menuButton: { type: string; text?: string; url?: string };
  commands: string[];
  webhook: { url: string; pendingUpdates: number; lastError?: string };
};

/**
 * Registers the deployed app with its bot, idempotently (every call sets, none adds): the chat
 * menu button opens APP_URL as a Web App; /start and /help; the Russian descriptions; the
 * webhook at APP_URL/api/telegram/webhook with its secret. Then reads the settings back.
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
    allowed_updates: ["message", "my_chat_member"],
  });

  const menu = await api.getChatMenuButton();
  const commands = await api.getMyCommands();
  const hook = await api.getWebhookInfo();
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
  };
}
