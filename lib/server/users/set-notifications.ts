import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { toUserDto, userSelect } from "@/lib/server/users/dto";
import type { UserDto } from "@/lib/shared/schemas/users";

/** Switches notifications for the caller only; another user's id is FORBIDDEN. */
export async function setNotifications(options: {
  callerId: number;
  userId: number;
  enable: boolean;
}): Promise<UserDto> {
  if (options.callerId !== options.userId) throw new AppError("FORBIDDEN");
  const updated = await getDb().user.updateMany({
    where: { id: options.userId },
    data: { notification: options.enable },
  });
  if (updated.count !== 1) throw new AppError("UNAUTHORIZED");
  const user = await getDb().user.findUniqueOrThrow({ where: { id: options.userId }, select: userSelect });
  return toUserDto(user);
}
