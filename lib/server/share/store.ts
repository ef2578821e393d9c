import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * Every statement of sharing and of the bot's features: whom the bot saves a prepared message for,
 * and the users, wallets and requests its inline queries and chat buttons name.
 */

/** The user's Telegram id, or null (no such user, or one without Telegram). */
export async function telegramIdOf(userId: number): Promise<string | null> {
  const user = await getDb().user.findUnique({ where: { id: userId }, select: { telegramId: true } });
  return user?.telegramId ?? null;
}

/** The Minibank user behind a Telegram account, or null for someone who never signed in with it. */
export function findTelegramUser(telegramId: string): Promise<{ id: number } | null> {
  return getDb().user.findUnique({ where: { telegramId }, select: { id: true } });
}

/** The id of the user's wallet of `currency`, or null. */
export function findWalletOf(userId: number, currency: string): Promise<{ id: number } | null> {
  return getDb().wallet.findFirst({ where: { userId, currency, pocket: 0 }, select: { id: true } });
}

/** A payment request's row id (what a chat-request button carries), by its token. */
export function findRequestId(token: string): Promise<{ id: number } | null> {
  return getDb().paymentRequest.findUnique({ where: { token }, select: { id: true } });
}

/** A payment request's token and requester, by its row id. */
export function findRequestById(id: number): Promise<{ token: string; requesterId: number } | null> {
  return getDb().paymentRequest.findUnique({ where: { id }, select: { token: true, requesterId: true } });
}
