import type { PublicUserDto } from "@/lib/shared/schemas/users";
import { ru } from "@/lib/shared/strings";

/** How a transfer names the person paid: first name, then username, then "неизвестно". */
export function recipientName(person: Pick<PublicUserDto, "telegramFirstName" | "username"> | null | undefined): string {
  return person?.telegramFirstName ?? person?.username ?? ru.common.unknown;
}
