import type { PublicUserDto } from "@/lib/shared/schemas/users";
import { DICTIONARIES, type Language } from "@/lib/shared/i18n";

/** How a transfer names the person paid: first name, then username, then "неизвестно". */
export function recipientName(person: Pick<PublicUserDto, "telegramFirstName" | "username"> | null | undefined, language: Language = "ru"): string {
  return person?.telegramFirstName ?? person?.username ?? DICTIONARIES[language].common.unknown;
}
