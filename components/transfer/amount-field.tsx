"use client";

import { TextField } from "@/components/ui/text-field";
import { sanitizeAmountInput } from "@/lib/shared/money";

type AmountFieldProps = {
  label: string;
  value: string;
  /** Receives the cleaned value: digits, one dot (a comma becomes a dot), at most 2 decimals. */
  onChange: (value: string) => void;
  error?: string | null;
  shakeKey?: number;
  disabled?: boolean;
  hint?: string;
};

/** Money input shared by top-up and transfer forms (spec §5 amount rules). */
export function AmountField({ label, value, onChange, error, shakeKey, disabled, hint }: AmountFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      enterKeyHint="done"
      error={error}
      hint={hint}
      shakeKey={shakeKey}
      disabled={disabled}
      onChange={(event) => onChange(sanitizeAmountInput(event.target.value))}
    />
  );
}
