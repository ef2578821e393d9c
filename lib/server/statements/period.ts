import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import type { StatementPeriod } from "@/lib/shared/schemas/statements";

/** The longest period one statement covers, in days. */
export const MAX_STATEMENT_DAYS = 3 * 366;

export type Bounds = { start: Date; end: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(iso: string, tz: number): number {
  const [y, m, d] = iso.split("-").map(Number);
  const utc = Date.UTC(y, m - 1, d);
  // Reject 2026-02-31 and the like: the date must read back as itself.
  if (new Date(utc).toISOString().slice(0, 10) !== iso) throw new AppError("INVALID_DATE_RANGE");
  return utc - tz * 60_000;
}

/**
 * The instants a period covers: [start of `from`, start of the day after `to`) in its time zone.
 * A reversed, impossible or too long period is INVALID_DATE_RANGE.
 */
export function periodBounds(period: StatementPeriod): Bounds {
  const start = dayStart(period.from, period.tz);
  const end = dayStart(period.to, period.tz) + DAY_MS;
  if (end <= start || end - start > MAX_STATEMENT_DAYS * DAY_MS) throw new AppError("INVALID_DATE_RANGE");
  return { start: new Date(start), end: new Date(end) };
}

/** "23.11.2026 16:05" in the period's time zone. */
export function formatInZone(date: Date, tz: number): string {
  const local = new Date(date.getTime() + tz * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** "2026-11-01" → "01.11.2026". */
export function formatDay(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}.${m}.${y}`;
}
