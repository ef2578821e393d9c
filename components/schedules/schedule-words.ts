import { formatScheduleDate } from "@/components/schedules/schedule-date";
import type { Language, ScreenStrings } from "@/lib/shared/languages";
import { dueAt, nextOccurrence, type ScheduleCalendar, type ScheduleKind } from "@/lib/shared/schedule-dates";
import { fill, pluralForm, type PluralForm } from "@/lib/shared/strings";

/** A schedule's words, the same in the form's review sheet and the list of schedules. */

type Texts = ScreenStrings["schedules"];

type Cadence = { kind: ScheduleKind; day: number; startDate: string };

/** "Каждый месяц, 31 числа" / "Каждую неделю, вторник" / the date of a one-off. */
export function cadenceText(s: Texts, schedule: Cadence, language: Language): string {
  if (schedule.kind === "weekly") return fill(s.every.weekly, { weekday: s.weekdaysInPhrase[schedule.day - 1] ?? "" });
  if (schedule.kind === "monthly") return fill(s.every.monthly, { day: schedule.day });
  return fill(s.every.once, { date: formatScheduleDate(schedule.startDate, language) });
}

function pluralIn(language: Language, count: number): PluralForm {
  if (language === "ru") return pluralForm(count);
  return count === 1 ? "one" : "many";
}

/** A recurring schedule's end ("До 14 марта 2027 г.", "Всего 4 раза", "Без окончания"); null for a one-off. */
export function endText(
  s: Texts,
  schedule: { kind: ScheduleKind; endDate: string | null; count: number | null },
  language: Language,
): string | null {
  if (schedule.kind === "once") return null;
  if (schedule.endDate !== null) return fill(s.ends.date, { date: formatScheduleDate(schedule.endDate, language) });
  if (schedule.count !== null) return fill(s.ends.count[pluralIn(language, schedule.count)], { count: schedule.count });
  return s.endNone;
}

/** The first occurrence of a new schedule not yet due at `now` (as the server plans it); null when none. */
export function firstRunOf(calendar: ScheduleCalendar, now: Date): string | null {
  let passed = 0;
  let occurrence = nextOccurrence(calendar, null, passed);
  while (occurrence !== null && dueAt(occurrence) <= now) {
    passed += 1;
    occurrence = nextOccurrence(calendar, occurrence, passed);
  }
  return occurrence;
}
