"use client";

import { useState } from "react";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import { useLanguage } from "@/lib/client/language";
import { amountPlaceholder, CURRENCIES, CURRENCY_INFO, sanitizeAmountInput, withDecimalMark, type Currency } from "@/lib/shared/money";

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} ${CURRENCY_INFO[code].symbol}` }));

/** The currency picked above the amount, where the form lets the customer choose it. */
export type CurrencyChoice = {
  /** The group's accessible name. */
  label: string;
  /** A section title shown above the choice. */
  title?: string;
  value: Currency;
  onChange: (currency: Currency) => void;
};

type AmountFieldProps = {
  label: string;
  value: string;
  /** Receives the cleaned value: digits, one decimal mark (the language's), at most 2 decimals. */
  onChange: (value: string) => void;
  error?: string | null;
  shakeKey?: number;
  disabled?: boolean;
  hint?: string;
  /** Offers the currencies ("RUB ₽", "USD $", …) above the amount. */
  currency?: CurrencyChoice;
};

/** The money input of every form (spec §5 amount rules), with the currency choice where there is one. */
export function AmountField({ label, value, onChange, error, shakeKey, disabled, hint, currency }: AmountFieldProps) {
  const language = useLanguage();
  return (
    <>
      {currency?.title && <h2 className="section-title">{currency.title}</h2>}
      {currency && <Segmented label={currency.label} options={CURRENCY_OPTIONS} value={currency.value} onChange={currency.onChange} />}
      <TextField
        label={label}
        value={withDecimalMark(value, language)}
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountPlaceholder(language)}
        enterKeyHint="done"
        error={error}
        hint={hint}
        shakeKey={shakeKey}
        disabled={disabled}
        onChange={(event) => onChange(sanitizeAmountInput(event.target.value, language))}
      />
    </>
  );
}

/**
 * An amount as typed, with its error line and shake: `change` takes a new value (the error goes),
 * `reject` shows why the amount cannot be sent and shakes the field.
 */
export function useAmountInput(initial: { value?: string; error?: string | null } = {}) {
  const [value, setValue] = useState(initial.value ?? "");
  const [error, setError] = useState<string | null>(initial.error ?? null);
  const [shakeKey, setShakeKey] = useState(0);
  return {
    value,
    error,
    shakeKey,
    change(next: string) {
      setValue(next);
      setError(null);
    },
    clearError() {
      setError(null);
    },
    reject(message: string) {
      setError(message);
      setShakeKey((n) => n + 1);
    },
  };
}
