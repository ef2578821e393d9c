/**
 * The calendar of a scheduled transfer, with no clock of its own: dates are "YYYY-MM-DD" days in
 * Moscow time (UTC+3 all year), the bank's day. An occurrence is due at RUN_HOUR Moscow time of
 * its day; the sender is warned at WARN_HOUR the evening before.
 */

export const SCHEDULE_KINDS = ["once", "weekly", "monthly"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** Moscow is UTC+3 with no daylight saving. */
const MOSCOW_OFFSET_HOURS = 3;
/** An occurrence is due at 09:00 Moscow time of its day. */
export const RUN_HOUR = 9;
/** The evening-before warning (the balance will not cover the run) goes at 18:00 Moscow time. */
export const WARN_HOUR = 18;
/** An end by count allows at most this many occurrences. */
export const MAX_SCHEDULE_COUNT = 500;

export type ScheduleCalendar = {
  kind: ScheduleKind;
  /** weekly: ISO weekday 1 (Monday) – 7; monthly: 1–31; once: ignored. */
  day: number;
  startDate: string;
  endDate: string | null;
  count: number | null;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isScheduleDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Moscow calendar day of an instant. */
export function moscowDate(at: Date): string {
  const t = new Date(at.getTime() + MOSCOW_OFFSET_HOURS * 3_600_000);
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The instant of `hour`:00 Moscow time on `date`. */
export function moscowTime(date: string, hour: number): Date {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d, hour - MOSCOW_OFFSET_HOURS));
}

/** When an occurrence is due. */
export function dueAt(occurrence: string): Date {
  return moscowTime(occurrence, RUN_HOUR);
}

/** When the sender is warned about an occurrence their balance will not cover: 18:00 the day before. */
export function warnAt(occurrence: string): Date {
  return moscowTime(addDays(occurrence, -1), WARN_HOUR);
}

/** The monthly occurrence in a month: its day, or the month's last day when the month is shorter. */
function monthlyIn(year: number, month: number, day: number): string {
  return format(year, month, Math.min(day, daysInMonth(year, month)));
}

/** The first occurrence on or after `from`, ignoring the end. */
function firstOnOrAfter(calendar: ScheduleCalendar, from: string): string | null {
  const start = from < calendar.startDate ? calendar.startDate : from;
  if (calendar.kind === "once") return from <= calendar.startDate ? calendar.startDate : null;
  if (calendar.kind === "weekly") return addDays(start, (calendar.day - weekdayOf(start) + 7) % 7);
  const [y, m] = parts(start);
  const here = monthlyIn(y, m, calendar.day);
  if (here >= start) return here;
  return m === 12 ? monthlyIn(y + 1, 1, calendar.day) : monthlyIn(y, m + 1, calendar.day);
}

/**
 * The occurrence after `previous` (the first one when null), or null when the schedule has ended:
 * past its end date, or `passed` occurrences already made its count.
 */
export function nextOccurrence(calendar: ScheduleCalendar, previous: string | null, passed: number): string | null {
  if (calendar.count !== null && passed >= calendar.count) return null;
  const next = firstOnOrAfter(calendar, previous === null ? calendar.startDate : addDays(previous, 1));
  if (next === null) return null;
  if (calendar.endDate !== null && next > calendar.endDate) return null;
  return next;
}
