import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { toUserDto, userSelect } from "@/lib/server/users/dto";
import type { UserDto } from "@/lib/shared/schemas/users";

/**
 * Switches notifications for the caller only; another user's id is FORBIDDEN. With
 * `writeAccessAllowed` (the Mini App's write-access request was granted) a Telegram user's
 * bot-may-write state is set again; it means nothing for a user without Telegram. The client is
 * not trusted further than that: a refused message clears the state again.
 */
export async function setNotifications(options: {
  callerId: number;
  userId: number;
  enable: boolean;
  writeAccessAllowed?: boolean;
}): Promise<UserDto> {
  if (options.callerId !== options.userId) throw new AppError("FORBIDDEN");
  const db = getDb();
  const user = await db.$transaction(async (tx) => {
    const updated = await tx.user.updateMany({ where: { id: options.userId }, data: { notification: options.enable } });
    if (updated.count !== 1) throw new AppError("UNAUTHORIZED");
    if (options.writeAccessAllowed) {
      await tx.user.updateMany({ where: { id: options.userId, telegramId: { not: null } }, data: { botMayWrite: true } });
    }
    return tx.user.findUniqueOrThrow({ where: { id: options.userId }, select: userSelect });
  });
  return toUserDto(user);
}
