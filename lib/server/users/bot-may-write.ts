import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * Records whether the bot may write to the Telegram user `telegramId` (whoever holds that id, if
 * anyone): true after /start or a granted write-access request in the bot's chat, false after the
 * Bot API refused a message to them with 403.
 */
export async function setBotMayWrite(options: { telegramId: string; mayWrite: boolean }): Promise<void> {
  await getDb().user.updateMany({ where: { telegramId: options.telegramId }, data: { botMayWrite: options.mayWrite } });
}
