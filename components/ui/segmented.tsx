"use client";

import "./segmented.css";

type Option<T extends string> = { value: T; label: string };

type SegmentedProps<T extends string> = {
  /** Accessible name of the group. */
  label: string;
  options: readonly Option<T>[];
  value: T | null;
  onChange: (value: T) => void;
};

/** A row of mutually exclusive choices (radio group), e.g. the currency picker. */
export function Segmented<T extends string>({ label, options, value, onChange }: SegmentedProps<T>) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className={["segmented-item", value === option.value ? "segmented-item-on" : ""]
            .filter(Boolean)
            .join(" ")}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
