import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { toUserDto, userSelect } from "@/lib/server/users/dto";
import type { UserDto } from "@/lib/shared/schemas/users";

/** The signed-in user's own profile. A token for a user that no longer exists is a 401. */
export async function getMe(options: { userId: number }): Promise<UserDto> {
  const user = await getDb().user.findUnique({ where: { id: options.userId }, select: userSelect });
  if (!user) throw new AppError("UNAUTHORIZED");
  return toUserDto(user);
}
