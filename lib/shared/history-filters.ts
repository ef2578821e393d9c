/**
 * A wallet history's search and filters, as the API's query and the history screen's address
 * carry them (the same names in both). No zod here: the browser's code imports it.
 */
import { isCurrency, type Currency } from "@/lib/shared/money";
import { isScheduleDate } from "@/lib/shared/schedule-dates";
import { isTransferKind, type TransferKind } from "@/lib/shared/transfer-kind";

/** The longest search text the history takes. */
export const MAX_HISTORY_SEARCH = 100;

/** Which side of a movement the wallet was on: money in (received) or out (sent). */
export const HISTORY_DIRECTIONS = ["in", "out"] as const;
export type HistoryDirection = (typeof HISTORY_DIRECTIONS)[number];

export function isHistoryDirection(value: string): value is HistoryDirection {
  return (HISTORY_DIRECTIONS as readonly string[]).includes(value);
}

/** Every filter is optional; those given must all hold. */
export type HistoryFilters = {
  /** The counterparty's name or @handle, the message, or an amount ("500", "12,50"). */
  q?: string;
  kind?: TransferKind;
  direction?: HistoryDirection;
  /** The other side's currency (the wallet's own side is always in the wallet's currency). */
  currency?: Currency;
  /** First and last Moscow day of the period, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
};

export const HISTORY_FILTER_NAMES = ["q", "kind", "direction", "currency", "from", "to"] as const;

/**
 * The filters an address's query holds; a value that is not one the API takes is left out, so a
 * hand-edited or stale link shows the unfiltered history rather than an error.
 */
export function filtersOfSearch(search: { get(name: string): string | null }): HistoryFilters {
  const filters: HistoryFilters = {};
  const q = search.get("q")?.trim();
  if (q) filters.q = q.slice(0, MAX_HISTORY_SEARCH);
  const kind = search.get("kind");
  if (kind && isTransferKind(kind)) filters.kind = kind;
  const direction = search.get("direction");
  if (direction && isHistoryDirection(direction)) filters.direction = direction;
  const currency = search.get("currency");
  if (currency && isCurrency(currency)) filters.currency = currency;
  const from = search.get("from");
  if (from && isScheduleDate(from)) filters.from = from;
  const to = search.get("to");
  if (to && isScheduleDate(to) && (!filters.from || filters.from <= to)) filters.to = to;
  return filters;
}

/**
 * `current` (an address's query) with the history's filters replaced by `filters`: the other
 * parameters stay, the empty filters go. The result has no leading "?".
 */
export function searchWithFilters(current: string, filters: HistoryFilters): string {
  const params = new URLSearchParams(current);
  for (const name of HISTORY_FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
    else params.delete(name);
  }
  return params.toString();
}

/** Whether any filter is set. */
export function hasFilters(filters: HistoryFilters): boolean {
  return HISTORY_FILTER_NAMES.some((name) => Boolean(filters[name]?.trim()));
}
