"use client";

import { useEffect, useRef, type ChangeEvent } from "react";
import { useShake } from "@/components/ui/use-shake";
import "./pin-input.css";

type PinInputProps = {
  /** Accessible name of the field. */
  label: string;
  /** Digits typed so far (controlled). */
  value: string;
  onChange: (value: string) => void;
  /** Called once the last cell is filled. */
  onComplete: (code: string) => void;
  length?: number;
  disabled?: boolean;
  /** Marks the cells as wrong (red) and is announced through `aria-invalid`. */
  invalid?: boolean;
  /** Bump to shake the cells. */
  shakeKey?: number;
};

/**
 * Six-cell numeric code entry that submits itself when full.
 *
 * One real `<input>` (numeric keyboard, `one-time-code` autofill, paste of the whole code) lies
 * over the visual cells, so assistive technology sees a single labelled field.
 */
export function PinInput({
  label,
  value,
  onChange,
  onComplete,
  length = 6,
  disabled = false,
  invalid = false,
  shakeKey,
}: PinInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const cellsRef = useShake<HTMLDivElement>(shakeKey);

  useEffect(() => {
    if (!disabled) inputRef.current?.focus();
  }, [disabled]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    // No maxLength on the input: a pasted "123 456" must survive until the non-digits are dropped.
    const digits = event.target.value.replace(/\D/g, "").slice(0, length);
    onChange(digits);
    if (digits.length === length && value.length !== length) onComplete(digits);
  }

  const cells = Array.from({ length }, (_, i) => value[i] ?? "");
  const active = Math.min(value.length, length - 1);
  return (
    <div className={["pin", invalid ? "pin-invalid" : ""].filter(Boolean).join(" ")}>
      <div className="pin-cells" ref={cellsRef} aria-hidden="true">
        {cells.map((digit, i) => (
          <span
            key={i}
            className={["pin-cell", digit ? "pin-cell-filled" : "", i === active ? "pin-cell-active" : ""]
              .filter(Boolean)
              .join(" ")}
          >
            {digit}
          </span>
        ))}
      </div>
      <input
        ref={inputRef}
        className="pin-input"
        aria-label={label}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={handleChange}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        disabled={disabled}
        autoFocus
      />
    </div>
  );
}
