import "server-only";
import { getDb } from "@/lib/server/db";

/** Every statement of sharing: whom the bot saves a prepared message for. */

/** The user's Telegram id, or null (no such user, or one without Telegram). */
export async function telegramIdOf(userId: number): Promise<string | null> {
  const user = await getDb().user.findUnique({ where: { id: userId }, select: { telegramId: true } });
  return user?.telegramId ?? null;
}
