import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { rateCurrency } from "@/lib/server/rates/get-rate";
import { rateDay } from "@/lib/server/rates/latest";
import { quotesBetween } from "@/lib/server/rates/store";
import { RATE_SCALE, unitsToRate } from "@/lib/shared/money";
import { rateHistoryQuery, type rateHistoryDto } from "@/lib/shared/schemas/rates";
import type { z } from "zod";

export const MAX_HISTORY_DAYS = 366;
const DAY_MS = 86_400_000;

export type RateHistoryOptions = { currency: string; from: string | null; to: string | null };

/** YYYY-MM-DD to a UTC midnight timestamp; null for a date that does not exist (2026-02-30). */
function dayToMs(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null;
  return ms;
}

const msToDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function parseRange(options: RateHistoryOptions): { from: number; to: number } {
  const parsed = rateHistoryQuery.safeParse({ from: options.from, to: options.to });
  if (!parsed.success) throw new AppError("INVALID_DATE_RANGE");
  const from = dayToMs(parsed.data.from);
  const to = dayToMs(parsed.data.to);
  if (from === null || to === null || to < from) throw new AppError("INVALID_DATE_RANGE");
  if ((to - from) / DAY_MS + 1 > MAX_HISTORY_DAYS) throw new AppError("INVALID_DATE_RANGE");
  return { from, to };
}

/**
 * One point per day from `from` to `to` (inclusive, at most 366 days): the rate in force that day.
 * A day without a quote (weekends, holidays) carries the last known value; days before the first
 * quote are left out, and so are days that have not begun in Moscow — a quote imported for
 * tomorrow is not shown before it applies (latest.ts, `rateDay`).
 */
export async function getRateHistory(
  options: RateHistoryOptions,
): Promise<z.infer<typeof rateHistoryDto>> {
  const currency = rateCurrency(options.currency);
  const range = parseRange(options);
  const todayMs = dayToMs(rateDay())!;
  const end = Math.min(range.to, todayMs);
  const fromDay = msToDay(range.from);
  const toDay = msToDay(end);

  if (currency === "RUB") {
    const points = [];
    for (let ms = range.from; ms <= end; ms += DAY_MS) {
      points.push({ date: msToDay(ms), value: unitsToRate(RATE_SCALE) });
    }
    return points;
  }

  const { before, inRange } = await quotesBetween(currency, fromDay, toDay);
  const quotes = new Map(inRange.map((r) => [r.date, r.value]));
  let carried: number | null = before;
  const points = [];
  for (let ms = range.from; ms <= end; ms += DAY_MS) {
    const day = msToDay(ms);
    carried = quotes.get(day) ?? carried;
    if (carried !== null) points.push({ date: day, value: unitsToRate(carried) });
  }
  return points;
}
