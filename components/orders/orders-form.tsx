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
import { CURRENCY_INFO, formatRateUnits, parseAmount, rateToUnits, sanitizeAmountInput, toSafeNumber } from "@/lib/shared/money";
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
  const key = useIdempotencyKey();
  const [kind, setKind] = useState<Kind>("order");
  const [currency, setCurrency] = useState<Watched>("USD");
  const [side, setSide] = useState<Side>("sell");
  const [direction, setDirection] = useState<"above" | "below">("below");
  const [target, setTarget] = useState("");
  const [amount, setAmount] = useState("");
  const [expiresOn, setExpiresOn] = useState(() => moscowDate(new Date(Date.now() + 30 * DAY_MS)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rate = useRate(currency);
  const symbol = CURRENCY_INFO[currency].symbol;

  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setError(null);
    key.reset();
  };

  const own = (code: string) => wallets.data?.find((w) => w.currency === code) ?? null;
  const rub = own("RUB");
  const foreign = own(currency);

  async function submit() {
    const value = parseTarget(target);
    if (value === null) return setError(o.errors.targetInvalid);
    setBusy(true);
    try {
      if (kind === "alert") {
        await createAlert({ currency, direction, target: value, expiresOn }, key.current());
        await mutate(MY_ALERTS);
        toast.success(o.createdAlert);
      } else {
        const minor = parseAmount(amount);
        if (minor === null) return setError(t.validation.invalidAmount);
        if (!rub || !foreign) return setError(o.needWallets);
        const [from, to] = side === "sell" ? [foreign, rub] : [rub, foreign];
        await createOrder({ fromWalletId: from.id, toWalletId: to.id, amount: toSafeNumber(minor), target: value, expiresOn }, key.current());
        await mutate(MY_ORDERS);
        toast.success(o.createdOrder);
      }
      key.reset();
      setTarget("");
      setAmount("");
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="orders-panel" aria-label={o.title} data-testid="orders-form">
      <Segmented
        label={o.title}
        options={[
          { value: "order" as const, label: o.kindOrder },
          { value: "alert" as const, label: o.kindAlert },
        ]}
        value={kind}
        onChange={edit(setKind)}
      />
      <Segmented
        label={o.currencyLabel}
        options={RATE_WATCH_CURRENCIES.map((code) => ({ value: code, label: `${code} ${CURRENCY_INFO[code].symbol}` }))}
        value={currency}
        onChange={edit(setCurrency)}
      />
      {kind === "order" ? (
        <Segmented
          label={o.sideLabel}
          options={(["sell", "buy"] as const).map((value) => ({ value, label: fill(o.sides[value], { currency: symbol }) }))}
          value={side}
          onChange={edit(setSide)}
        />
      ) : (
        <Segmented
          label={o.directionLabel}
          options={(["above", "below"] as const).map((value) => ({ value, label: o.directions[value] }))}
          value={direction}
          onChange={edit(setDirection)}
        />
      )}
      <TextField
        label={fill(o.targetLabel, { symbol })}
        inputMode="decimal"
        value={target}
        hint={rate.data ? fill(o.todayRate, { rate: `${formatRateUnits(rateToUnits(rate.data.value), language)} ₽` }) : undefined}
        onChange={(event) => edit(setTarget)(event.target.value.replace(/[^\d.,]/g, "").slice(0, 12))}
      />
      {kind === "order" && (
        <TextField
          label={fill(o.amountLabel, { symbol })}
          inputMode="decimal"
          value={amount}
          onChange={(event) => edit(setAmount)(sanitizeAmountInput(event.target.value, language))}
        />
      )}
      <TextField
        label={o.expiresLabel}
        type="date"
        min={moscowDate(new Date())}
        value={expiresOn}
        // The native picker writes the day in the browser's own format: the app's words under it.
        hint={isScheduleDate(expiresOn) ? formatScheduleDate(expiresOn, language) : undefined}
        onChange={(event) => edit(setExpiresOn)(event.target.value)}
      />
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <Button disabled={busy || !target || (kind === "order" && !amount)} onClick={() => void submit()}>
        {kind === "order" ? o.submitOrder : o.submitAlert}
      </Button>
    </section>
  );
}
