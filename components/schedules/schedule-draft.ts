"use client";

import { useState } from "react";
import { cadenceText, endText, firstRunOf } from "@/components/schedules/schedule-words";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import type { Language, ScreenStrings } from "@/lib/shared/languages";
import { isScheduleDate, MAX_SCHEDULE_COUNT, moscowDate, weekdayOf, type ScheduleCalendar, type ScheduleKind } from "@/lib/shared/schedule-dates";

export type End = "none" | "date" | "count";

export type DraftValues = {
  kind: ScheduleKind;
  startDate: string;
  /** ISO weekday 1–7 as chosen in the select. */
  weekday: string;
  monthDay: string;
  end: End;
  endDate: string;
  count: string;
};

/**
 * The panel's choices; the day the panel opened stays fixed for its life. The weekday and the day
 * of the month follow the start date until the customer picks one themselves: weekly from Tuesday
 * 1 December runs on Tuesdays, monthly from the 31st on the 31st.
 */
export function useScheduleDraft(onEdit: () => void) {
  const [{ today, tomorrow }] = useState(() => {
    const now = new Date();
    return { today: moscowDate(now), tomorrow: moscowDate(new Date(now.getTime() + 86_400_000)) };
  });
  const [kind, setKind] = useState<ScheduleKind>("monthly");
  const [startDate, setStartDate] = useState(tomorrow);
  // The last real day typed as the start (the field is empty for a moment while it is edited).
  const [startDay, setStartDay] = useState(tomorrow);
  // null: the day follows the start date; otherwise the day the customer picked.
  const [weekdayPick, setWeekdayPick] = useState<string | null>(null);
  const [monthDayPick, setMonthDayPick] = useState<string | null>(null);
  const [end, setEnd] = useState<End>("none");
  const [endDate, setEndDate] = useState("");
  const [count, setCount] = useState("");
  const weekday = weekdayPick ?? String(weekdayOf(startDay));
  const monthDay = monthDayPick ?? String(Number(startDay.slice(8)));
  // Any edit makes it another request: a new Idempotency-Key.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      onEdit();
      set(value);
    };
  const values: DraftValues = { kind, startDate, weekday, monthDay, end, endDate, count };
  return {
    today,
    values,
    set: {
      kind: edit(setKind),
      startDate: edit((value: string) => {
        setStartDate(value);
        if (isScheduleDate(value)) setStartDay(value);
      }),
      weekday: edit(setWeekdayPick),
      monthDay: edit(setMonthDayPick),
      end: edit(setEnd),
      endDate: edit(setEndDate),
      count: edit(setCount),
    },
  };
}

export type Draft = ReturnType<typeof useScheduleDraft>;

/** The calendar the draft describes (its day resolved for the kind). */
export function calendarOf(values: DraftValues): ScheduleCalendar {
  const { kind, weekday, monthDay, startDate, end, endDate, count } = values;
  return {
    kind,
    day: kind === "weekly" ? Number(weekday) : kind === "monthly" ? Number(monthDay) : 0,
    startDate,
    endDate: kind !== "once" && end === "date" ? endDate : null,
    count: kind !== "once" && end === "count" ? Number(count) : null,
  };
}

/** Why the draft cannot be a schedule, in the customer's words; null when it can. */
export function draftProblem(values: DraftValues, s: ScreenStrings["schedules"], now: Date): string | null {
  const calendar = calendarOf(values);
  if (!isScheduleDate(values.startDate)) return s.errors.dateInvalid;
  if (values.kind === "monthly" && !(calendar.day >= 1 && calendar.day <= 31)) return s.errors.dayInvalid;
  if (calendar.endDate !== null && !isScheduleDate(calendar.endDate)) return s.errors.dateInvalid;
  if (calendar.endDate !== null && calendar.endDate < calendar.startDate) return s.errors.endBeforeStart;
  if (calendar.count !== null && !(calendar.count >= 1 && calendar.count <= MAX_SCHEDULE_COUNT)) return s.errors.countInvalid;
  if (firstRunOf(calendar, now) === null) return s.errors.noOccurrence;
  return null;
}

/** The review sheet's rows of when: the cadence, and for a recurring schedule its first run and end. */
export function whenRows(values: DraftValues, s: ScreenStrings["schedules"], language: Language, now: Date): [string, string][] {
  const calendar = calendarOf(values);
  const first = firstRunOf(calendar, now);
  if (values.kind === "once") return [[s.dateLabel, formatScheduleDate(values.startDate, language)]];
  return [
    [s.kindLabel, cadenceText(s, calendar, language)],
    ...(first ? ([[s.firstRun, formatScheduleDate(first, language)]] as [string, string][]) : []),
    [s.endLabel, endText(s, calendar, language) ?? s.endNone],
  ];
}
