import "server-only";
import { saveNotifications } from "@/lib/server/users/store";
import { AppError } from "@/lib/server/platform/errors";
import { toUserDto } from "@/lib/server/users/dto";
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
  const user = await saveNotifications(options.userId, options.enable, options.writeAccessAllowed === true);
  if (!user) throw new AppError("UNAUTHORIZED");
  return toUserDto(user);
}
