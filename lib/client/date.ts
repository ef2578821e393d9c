import { stringsOf } from "@/lib/client/language";
import type { Language } from "@/lib/shared/languages";

/**
 * Local date and time as the app shows them: "23.11.2026 16:05" in Russian, "23 Nov 2026, 16:05"
 * in English (no Intl: its first use is a long task).
 */
export function formatDateTime(iso: string, language: Language = "ru"): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, "0");
  const time = `${two(date.getHours())}:${two(date.getMinutes())}`;
  if (language === "en") {
    const month = stringsOf("en").history.months[date.getMonth()].slice(0, 3);
    return `${date.getDate()} ${month} ${date.getFullYear()}, ${time}`;
  }
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()} ${time}`;
}

/** The local calendar day of `iso` as a key ("2026-11-23"). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** A day heading of the history: "Сегодня", "Вчера", "12 ноября", "12 ноября 2025" (another year). */
export function dayLabel(iso: string, now: Date = new Date(), language: Language = "ru"): string {
  const t = stringsOf(language);
  const date = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(iso) === dayKey(now.toISOString())) return t.history.today;
  if (dayKey(iso) === dayKey(yesterday.toISOString())) return t.history.yesterday;
  const label = `${date.getDate()} ${t.history.months[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? label : `${label} ${date.getFullYear()}`;
}

/** The local calendar month of `iso` as a key ("2026-11"). */
export function monthKey(iso: string): string {
  return dayKey(iso).slice(0, 7);
}

/** A month heading of the history: "Ноябрь", "Ноябрь 2025" (another year). */
export function monthLabel(iso: string, now: Date = new Date(), language: Language = "ru"): string {
  const t = stringsOf(language);
  const date = new Date(iso);
  const title = t.history.monthTitles[date.getMonth()];
  return date.getFullYear() === now.getFullYear() ? title : `${title} ${date.getFullYear()}`;
}
