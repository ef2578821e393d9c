import "server-only";
import { findProfile } from "@/lib/server/users/store";
import { AppError } from "@/lib/server/platform/errors";
import { toUserDto } from "@/lib/server/users/dto";
import type { UserDto } from "@/lib/shared/schemas/users";

/** The signed-in user's own profile. A token for a user that no longer exists is a 401. */
export async function getMe(options: { userId: number }): Promise<UserDto> {
  const user = await findProfile(options.userId);
  if (!user) throw new AppError("UNAUTHORIZED");
  return toUserDto(user);
}
