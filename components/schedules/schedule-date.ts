import type { Language } from "@/lib/shared/languages";

/**
 * "14 марта 2027 г." / "14 March 2027" for a schedule's calendar day (YYYY-MM-DD), with no-break
 * spaces: a date never wraps between its day, month and year.
 */
export function formatScheduleDate(date: string, language: Language): string {
  return new Date(`${date}T12:00:00Z`)
    .toLocaleDateString(language === "en" ? "en-GB" : "ru-RU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    })
    .replace(/\s/g, "\u00a0");
}
