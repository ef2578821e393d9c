"use client";

import { useId, type InputHTMLAttributes } from "react";
import { useShake } from "@/components/ui/use-shake";
import "./text-field.css";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  /** Visible label; also the input's accessible name. */
  label: string;
  /** Error text under the field; marks the input `aria-invalid`. */
  error?: string | null;
  /** Bump this counter to play the shake animation (class `shake`) once more. */
  shakeKey?: number;
  /** Optional hint under the field when there is no error. */
  hint?: string;
};

/**
 * Labelled text input with an error line and a shake animation for invalid input
 * (spec §8: "the input shakes").
 */
export function TextField({ label, error, shakeKey, hint, className, ...rest }: TextFieldProps) {
  const id = useId();
  const ref = useShake<HTMLInputElement>(shakeKey);
  const messageId = `${id}-message`;
  const message = error || hint;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {message && (
        <p id={messageId} className={error ? "field-error" : "field-hint"}>
          {message}
        </p>
      )}
    </div>
  );
}
