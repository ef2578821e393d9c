import "server-only";
import { INSIGHT_MONTHS } from "@/lib/shared/schemas/insights";
import { clockNowMs } from "@/lib/server/platform/clock";

/** The months of a view: their names (`YYYY-MM`, oldest first) and the instants between them. */
export type MonthBounds = {
  names: string[];
  /** `INSIGHT_MONTHS + 1` instants: month i is [edges[i], edges[i + 1]). */
  edges: Date[];
};

const two = (n: number) => String(n).padStart(2, "0");

/** The month (`YYYY-MM`) that `now` falls in, in the time zone `tz` minutes east of UTC. */
export function currentMonth(tz: number, now = clockNowMs()): string {
  const local = new Date(now + tz * 60_000);
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}`;
}

/**
 * The `INSIGHT_MONTHS` calendar months ending with `last`, each from the midnight of its first
 * day to the midnight of the next month's first day in the time zone `tz` — the same instants a
 * statement of those days covers (statements/period.ts), so a month's sums are its statement's.
 */
export function monthBounds(last: string, tz: number): MonthBounds {
  const [year, month] = last.split("-").map(Number);
  const names: string[] = [];
  const edges: Date[] = [];
  for (let i = 0; i <= INSIGHT_MONTHS; i++) {
    const at = new Date(Date.UTC(year, month - INSIGHT_MONTHS + i, 1));
    if (i < INSIGHT_MONTHS) names.push(`${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}`);
    edges.push(new Date(at.getTime() - tz * 60_000));
  }
  return { names, edges };
}
