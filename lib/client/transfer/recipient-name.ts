import type { PublicUserDto } from "@/lib/shared/schemas/users";
import { stringsOf } from "@/lib/client/language";
import type { Language } from "@/lib/shared/languages";

/** How a transfer names the person paid: first name, then username, then "неизвестно". */
export function recipientName(person: Pick<PublicUserDto, "telegramFirstName" | "username"> | null | undefined, language: Language = "ru"): string {
  return person?.telegramFirstName ?? person?.username ?? stringsOf(language).common.unknown;
}
