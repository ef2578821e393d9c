"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { useRate, useWallets } from "@/lib/client/hooks";
import { createAlert, createOrder, MY_ALERTS, MY_ORDERS } from "@/lib/client/orders";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { RATE_WATCH_CURRENCIES } from "@/lib/shared/api/feature-dtos";
import { CURRENCY_INFO, formatOneUnit, formatRubleRate, parseAmount, rateToUnits, sanitizeAmountInput, toSafeNumber } from "@/lib/shared/money";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { isScheduleDate, moscowDate } from "@/lib/shared/schedule-dates";
import { fill } from "@/lib/shared/strings";
import "@/components/ui/text-field.css";
import "./orders.css";

type Kind = "order" | "alert";
type Watched = (typeof RATE_WATCH_CURRENCIES)[number];
type Side = "sell" | "buy";

const TARGET_RE = /^\d{1,7}([.,]\d{1,4})?$/;
const DAY_MS = 86_400_000;

/** The target as typed ("92,5" or "92.5"), as the API's number; null while it is not one above zero. */
export function parseTarget(text: string): number | null {
  if (!TARGET_RE.test(text.trim())) return null;
  const value = Number(text.trim().replace(",", "."));
  return value > 0 ? value : null;
}

/** What the form holds, each change clearing the error and starting a new form (a new key). */
function useWatchDraft() {
  const key = useIdempotencyKey();
  const [kind, setKind] = useState<Kind>("order");
  const [currency, setCurrency] = useState<Watched>("USD");
  const [side, setSide] = useState<Side>("sell");
  const [direction, setDirection] = useState<"above" | "below">("below");
  const [target, setTarget] = useState("");
  const [amount, setAmount] = useState("");
  const [expiresOn, setExpiresOn] = useState(() => moscowDate(new Date(Date.now() + 30 * DAY_MS)));
  const [error, setError] = useState<string | null>(null);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
      key.reset();
    };
  const values = { kind, currency, side, direction, target, amount, expiresOn };
  const set = {
    kind: edit(setKind),
    currency: edit(setCurrency),
    side: edit(setSide),
    direction: edit(setDirection),
    target: edit(setTarget),
    amount: edit(setAmount),
    expiresOn: edit(setExpiresOn),
  };
  /** After a success: a new form, keeping the choices. */
  const done = () => {
    key.reset();
    setTarget("");
    setAmount("");
  };
  return { values, set, key, error, setError, done };
}

type WatchDraft = ReturnType<typeof useWatchDraft>;

/** Order or alert, the currency, and which way: selling or buying (an order), above or below (an alert). */
function WatchChoices({ draft }: { draft: WatchDraft }) {
  const o = useAllStrings().orders;
  const { values, set } = draft;
  const symbol = CURRENCY_INFO[values.currency].symbol;
  return (
    <>
      <Segmented
        label={o.title}
        options={[
          { value: "order" as const, label: o.kindOrder },
          { value: "alert" as const, label: o.kindAlert },
        ]}
        value={values.kind}
        onChange={set.kind}
      />
      <Segmented
        label={o.currencyLabel}
        options={RATE_WATCH_CURRENCIES.map((code) => ({ value: code, label: `${code} ${CURRENCY_INFO[code].symbol}` }))}
        value={values.currency}
        onChange={set.currency}
      />
      {values.kind === "order" ? (
        <Segmented
          label={o.sideLabel}
          options={(["sell", "buy"] as const).map((value) => ({ value, label: fill(o.sides[value], { currency: symbol }) }))}
          value={values.side}
          onChange={set.side}
        />
      ) : (
        <Segmented
          label={o.directionLabel}
          options={(["above", "below"] as const).map((value) => ({ value, label: o.directions[value] }))}
          value={values.direction}
          onChange={set.direction}
        />
      )}
    </>
  );
}

/** The last day it waits; the native picker writes the day in the browser's own format, so the app's words stand under it. */
function ExpiryField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const language = useFeatureLanguage();
  const o = useAllStrings().orders;
  return (
    <TextField
      label={o.expiresLabel}
      type="date"
      min={moscowDate(new Date())}
      value={value}
      hint={isScheduleDate(value) ? formatScheduleDate(value, language) : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The form of an order or an alert: which currency, which way, the target (₽ per unit), for an
 * order the amount in the currency, and the last day it waits. One Idempotency-Key per form, new
 * after success or an edit, so a retry after a lost answer creates nothing twice.
 */
export function OrdersForm({ toast }: { toast: ToastController }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const o = t.orders;
  const { mutate } = useSWRConfig();
  const wallets = useWallets();
  const draft = useWatchDraft();
  const { values, set } = draft;
  const [busy, setBusy] = useState(false);
  const rate = useRate(values.currency);
  const symbol = CURRENCY_INFO[values.currency].symbol;

  /** The request to make, or the words of what is wrong with the form. */
  function request(): (() => Promise<unknown>) | string {
    const target = parseTarget(values.target);
    if (target === null) return o.errors.targetInvalid;
    const { currency, direction, expiresOn } = values;
    if (values.kind === "alert") return () => createAlert({ currency, direction, target, expiresOn }, draft.key.current());
    const minor = parseAmount(values.amount);
    if (minor === null) return t.validation.invalidAmount;
    const own = (code: string) => wallets.data?.find((w) => w.currency === code) ?? null;
    const [rub, foreign] = [own("RUB"), own(currency)];
    if (!rub || !foreign) return o.needWallets;
    const [from, to] = values.side === "sell" ? [foreign, rub] : [rub, foreign];
    return () => createOrder({ fromWalletId: from.id, toWalletId: to.id, amount: toSafeNumber(minor), target, expiresOn }, draft.key.current());
  }

  async function submit() {
    const made = request();
    if (typeof made === "string") return draft.setError(made);
    setBusy(true);
    try {
      await made();
      await mutate(values.kind === "order" ? MY_ORDERS : MY_ALERTS);
      toast.success(values.kind === "order" ? o.createdOrder : o.createdAlert);
      draft.done();
    } catch (failure) {
      draft.setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="orders-panel" aria-label={o.title} data-testid="orders-form">
      <WatchChoices draft={draft} />
      <TextField
        label={fill(o.targetLabel, { one: formatOneUnit(values.currency, language) })}
        inputMode="decimal"
        value={values.target}
        hint={rate.data ? fill(o.todayRate, { rate: formatRubleRate(rateToUnits(rate.data.value), language) }) : undefined}
        onChange={(event) => set.target(event.target.value.replace(/[^\d.,]/g, "").slice(0, 12))}
      />
      {values.kind === "order" && (
        <TextField
          label={fill(o.amountLabel, { symbol })}
          inputMode="decimal"
          value={values.amount}
          onChange={(event) => set.amount(sanitizeAmountInput(event.target.value, language))}
        />
      )}
      <ExpiryField value={values.expiresOn} onChange={set.expiresOn} />
      {draft.error && (
        <p className="inline-error" role="alert">
          {draft.error}
        </p>
      )}
      <Button disabled={busy || !values.target || (values.kind === "order" && !values.amount)} onClick={() => void submit()}>
        {values.kind === "order" ? o.submitOrder : o.submitAlert}
      </Button>
    </section>
  );
}
