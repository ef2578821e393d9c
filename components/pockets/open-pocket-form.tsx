"use client";

import { useState } from "react";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/client/api";
import { useAllStrings } from "@/lib/client/feature-strings";
import { openPocket } from "@/lib/client/pockets";
import { parseAmount, ROUND_UP_STEPS, type Currency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import type { PocketDto } from "@/lib/shared/schemas/pockets";
import "@/components/ui/text-field.css";
import "./pockets.css";

type RoundUpChoice = "0" | `${(typeof ROUND_UP_STEPS)[number]}`;

/** Opening a pocket: its name, currency, optional target and date, the lock (with a date), the round-up step. */
export function OpenPocketForm({ onOpened }: { onOpened: (pocket: PocketDto) => void }) {
  const t = useAllStrings();
  const s = t.pockets;
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState<Currency>("RUB");
  const target = useAmountInput();
  const [date, setDate] = useState("");
  const [locked, setLocked] = useState(false);
  const [roundUp, setRoundUp] = useState<RoundUpChoice>("0");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const roundUpOptions = [
    { value: "0" as const, label: s.roundUpNone },
    ...ROUND_UP_STEPS.map((step) => ({ value: `${step}` as RoundUpChoice, label: fill(s.roundUpStep, { step }) })),
  ];

  async function submit() {
    const minor = target.value ? parseAmount(target.value) : null;
    if (target.value && (minor === null || minor <= 0n)) return target.reject(s.errors.targetInvalid);
    setBusy(true);
    setError(null);
    try {
      const pocket = await openPocket({
        currency,
        name,
        target: minor === null ? null : Number(minor),
        targetDate: date || null,
        locked: locked && Boolean(date),
        roundUp: Number(roundUp) as 0 | 10 | 100,
      });
      onOpened(pocket);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={() => void submit()}>
      <section className="section pocket-form stack" aria-label={s.create}>
        <TextField label={s.nameLabel} value={name} maxLength={40} onChange={(event) => setName(event.target.value)} />
        <AmountField
          label={s.targetLabel}
          value={target.value}
          onChange={target.change}
          error={target.error}
          shakeKey={target.shakeKey}
          currency={{ label: s.currencyLabel, value: currency, onChange: setCurrency }}
        />
        <TextField label={s.dateLabel} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        <label className="pocket-switch">
          <span>{s.lockLabel}</span>
          <Switch label={s.lockLabel} checked={locked && Boolean(date)} disabled={!date} onChange={setLocked} />
        </label>
        <span className="field-label">{s.roundUpLabel}</span>
        <Segmented label={s.roundUpLabel} options={roundUpOptions} value={roundUp} onChange={setRoundUp} />
        {error && (
          <p className="inline-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" loading={busy}>
          {s.submit}
        </Button>
      </section>
    </Form>
  );
}
