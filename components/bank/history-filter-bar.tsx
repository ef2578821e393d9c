"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import { useStrings } from "@/lib/client/language";
import {
  filtersOfSearch,
  hasFilters,
  MAX_HISTORY_SEARCH,
  searchWithFilters,
  type HistoryDirection,
  type HistoryFilters,
} from "@/lib/shared/history-filters";
import { TRANSFER_KINDS, isTransferKind } from "@/lib/shared/transfer-kind";
import "@/components/ui/text-field.css";
import "./history-tab.css";
import "@/components/schedules/schedules.css";

/** How long typing pauses before the search goes into the address (and to the server). */
export const SEARCH_DELAY_MS = 300;

/**
 * The history's filters as the address holds them (`?q=&kind=&direction=&from=&to=`), and the
 * function that changes them: the address is replaced, not pushed, so a reload, a shared link and
 * Back from a receipt all show the same filtered history. Other parameters (`tab`) stay.
 */
export function useHistoryFilters(): [HistoryFilters, (next: HistoryFilters) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersOfSearch(new URLSearchParams(search)), [search]);
  const set = (next: HistoryFilters) => {
    const query = searchWithFilters(search, next);
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return [filters, set];
}

type DirectionChoice = HistoryDirection | "all";

/**
 * The search field's text: shown as typed at once, written to the address after a pause. When
 * the address changes otherwise (Back, a reset), the text follows it.
 */
function useSearchText(filters: HistoryFilters, onChange: (next: HistoryFilters) => void): [string, (text: string) => void] {
  const [text, setText] = useState(filters.q ?? "");
  const typed = useRef(filters.q ?? "");
  useEffect(() => {
    if ((filters.q ?? "") !== typed.current.trim()) {
      typed.current = filters.q ?? "";
      setText(filters.q ?? "");
    }
  }, [filters.q]);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => {
    const q = text.trim();
    if (q === (latest.current.filters.q ?? "")) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filters, q: q || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const type = (next: string) => {
    typed.current = next;
    setText(next);
  };
  return [text, type];
}

type BarProps = { filters: HistoryFilters; onChange: (next: HistoryFilters) => void };

/** The kind of movement: all, or one of them. */
function KindSelect({ filters, onChange }: BarProps) {
  const s = useStrings().history.filters;
  return (
    <label className="field">
      <span className="field-label">{s.kind}</span>
      <select
        className="field-input schedule-select"
        value={filters.kind ?? ""}
        onChange={(event) => {
          const kind = event.target.value;
          onChange({ ...filters, kind: isTransferKind(kind) ? kind : undefined });
        }}
      >
        <option value="">{s.kindAll}</option>
        {TRANSFER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {s.kinds[kind]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The period: its first and last day, side by side (the native date picker). */
function PeriodFields({ filters, onChange }: BarProps) {
  const s = useStrings().history.filters;
  return (
    <div className="history-period">
      <TextField
        type="date"
        label={s.from}
        value={filters.from ?? ""}
        max={filters.to}
        onChange={(event) => onChange({ ...filters, from: event.target.value || undefined })}
      />
      <TextField
        type="date"
        label={s.to}
        value={filters.to ?? ""}
        min={filters.from}
        onChange={(event) => onChange({ ...filters, to: event.target.value || undefined })}
      />
    </div>
  );
}

/** How many of the filters behind "Фильтры" are set (the search is always in view). */
function moreFilters(filters: HistoryFilters): number {
  return [filters.kind, filters.direction, filters.from, filters.to].filter(Boolean).length;
}

/**
 * The search field above the history, and the other filters behind "Фильтры" (open while any of
 * them is set), so the list keeps the screen.
 */
export function HistoryFilterBar({ filters, onChange }: BarProps) {
  const s = useStrings().history.filters;
  const [text, setText] = useSearchText(filters, onChange);
  const set = moreFilters(filters);
  const [open, setOpen] = useState(set > 0);
  const panelId = useId();
  const directions: { value: DirectionChoice; label: string }[] = [
    { value: "all", label: s.directions.all },
    { value: "in", label: s.directions.in },
    { value: "out", label: s.directions.out },
  ];
  return (
    <section className="history-filters stack" aria-label={s.label}>
      <TextField
        type="search"
        label={s.search}
        placeholder={s.searchPlaceholder}
        value={text}
        maxLength={MAX_HISTORY_SEARCH}
        enterKeyHint="search"
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <div className="history-filter-actions">
        <Button variant="secondary" fullWidth={false} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {set > 0 ? `${s.more} (${set})` : s.more}
        </Button>
        {hasFilters(filters) && (
          <Button
            variant="secondary"
            fullWidth={false}
            onClick={() => {
              setText("");
              onChange({});
            }}
          >
            {s.reset}
          </Button>
        )}
      </div>
      {open && (
        <div id={panelId} className="stack">
          <KindSelect filters={filters} onChange={onChange} />
          <Segmented<DirectionChoice>
            label={s.direction}
            options={directions}
            value={filters.direction ?? "all"}
            onChange={(value) => onChange({ ...filters, direction: value === "all" ? undefined : value })}
          />
          <PeriodFields filters={filters} onChange={onChange} />
        </div>
      )}
    </section>
  );
}
