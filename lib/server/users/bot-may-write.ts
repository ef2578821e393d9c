import "server-only";
import { saveBotMayWrite } from "@/lib/server/users/store";

/**
 * Records whether the bot may write to the Telegram user `telegramId` (whoever holds that id, if
 * anyone): true after /start or a granted write-access request in the bot's chat, false after the
 * Bot API refused a message to them with 403.
 */
export async function setBotMayWrite(options: { telegramId: string; mayWrite: boolean }): Promise<void> {
  await saveBotMayWrite(options.telegramId, options.mayWrite);
}
