import dayjs from "dayjs";
import type { ReactNode } from "react";

export type Entry = { key: string; value: string };

function display(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : dayjs(value).format("DD.MM.YYYY HH:mm:ss");
  }
  if (typeof value === "string") return value || null;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * Flattens launch data into readable rows: nested objects become dotted keys (`user.first_name`),
 * dates DD.MM.YYYY HH:mm:ss (local time), arrays JSON. Empty values are left out.
 */
export function flattenEntries(value: unknown, prefix = ""): Entry[] {
  if (value && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      flattenEntries(inner, prefix ? `${prefix}.${key}` : key),
    );
  }
  const text = display(value);
  return text === null || !prefix ? [] : [{ key: prefix, value: text }];
}

type KeyValueListProps = {
  /** Accessible name of the list. */
  label: string;
  entries: readonly Entry[];
  /** Extra content before a value (e.g. a colour swatch). */
  decorate?: (entry: Entry) => ReactNode;
};

/** A definition list of key/value rows for the debug pages. */
export function KeyValueList({ label, entries, decorate }: KeyValueListProps) {
  return (
    <dl className="section kv-list" aria-label={label}>
      {entries.map((entry) => (
        <div key={entry.key} className="kv-row">
          <dt>{entry.key}</dt>
          <dd>
            {decorate?.(entry)}
            {entry.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
