import type { UserDto } from "@/lib/shared/schemas/users";

/** How the app names the signed-in user: username, then Telegram first name, then e-mail. */
export function displayName(user: Pick<UserDto, "username" | "telegramFirstName" | "email"> | null | undefined): string {
  return user?.username ?? user?.telegramFirstName ?? user?.email ?? "";
}
