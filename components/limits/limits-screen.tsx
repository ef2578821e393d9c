"use client";

import { useState } from "react";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useAllStrings, useFeatureLanguage } from "@/lib/client/feature-strings";
import { mayUnfreeze, saveSpendingLimit, saveTransferFreeze, useSpendingLimits } from "@/lib/client/limits";
import { hapticError } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import type { SpendingLimitsDto } from "@/lib/shared/api/feature-dtos";
import type { Language, ScreenStrings } from "@/lib/shared/languages";
import { CURRENCIES, formatMoney, minorToDecimal, parseAmount, sanitizeAmountInput, withDecimalMark, type Currency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import "@/components/bank/settings.css";
import "./limits.css";

type LimitItem = SpendingLimitsDto["limits"][number];

function when(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : "ru-RU", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A limit as the field shows it: empty for none. */
const fieldText = (minor: number | null, language: Language) => (minor === null ? "" : withDecimalMark(minorToDecimal(minor), language));

/** The freeze switch, its explanation, and since when it is on. Unfreezing asks for the app lock when it is on. */
function FreezeSection({ data, onChange }: { data: SpendingLimitsDto; onChange: (frozen: boolean) => Promise<void> }) {
  const t = useAllStrings().limits;
  const language = useFeatureLanguage();
  const [busy, setBusy] = useState(false);
  return (
    <section className={["section", data.frozen ? "limits-frozen" : ""].filter(Boolean).join(" ")} data-testid="freeze-section">
      <div className="list-item">
        <span className="list-item-text">
          <span className="list-item-title">{t.freeze}</span>
          <span className="list-item-subtitle" data-testid="freeze-state">
            {data.frozen && data.frozenAt ? fill(t.frozenSince, { date: when(data.frozenAt, language) }) : t.freezeHint}
          </span>
        </span>
        <Switch
          label={t.freeze}
          checked={data.frozen}
          disabled={busy}
          onChange={(frozen) => {
            setBusy(true);
            void onChange(frozen).finally(() => setBusy(false));
          }}
        />
      </div>
    </section>
  );
}

/** One currency's limits: what is in force, a raise that waits, what left today and this month, and the fields to change them. */
function LimitForm({ item, onSave }: { item: LimitItem; onSave: (daily: number | null, monthly: number | null) => Promise<void> }) {
  const t = useAllStrings().limits;
  const language = useFeatureLanguage();
  const [daily, setDaily] = useState(fieldText(item.daily, language));
  const [monthly, setMonthly] = useState(fieldText(item.monthly, language));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, item.currency, language);
  const pending = (p: LimitItem["pendingDaily"], label: string) =>
    p && (
      <p className="limits-pending" data-testid="limit-pending">
        {label}: {fill(t.pending, { amount: p.amount === null ? t.noLimit : money(p.amount), date: when(p.from, language) })}
      </p>
    );

  async function save() {
    const read = (text: string) => (text.trim() === "" ? null : parseAmount(text));
    const d = read(daily);
    const m = read(monthly);
    if ((daily.trim() !== "" && d === null) || (monthly.trim() !== "" && m === null)) {
      setError(t.invalid);
      hapticError();
      return;
    }
    setError(null);
    setBusy(true);
    await onSave(d === null ? null : Number(d), m === null ? null : Number(m));
    setBusy(false);
  }

  return (
    <section className="section limits-form" data-testid={`limits-${item.currency}`}>
      <p className="hint">{fill(t.sent, { today: money(item.sentToday), month: money(item.sentThisMonth) })}</p>
      <TextField
        label={t.daily}
        inputMode="decimal"
        placeholder={t.noLimit}
        value={daily}
        onChange={(e) => setDaily(sanitizeAmountInput(e.target.value, language))}
        error={error}
      />
      {pending(item.pendingDaily, t.daily)}
      <TextField
        label={t.monthly}
        inputMode="decimal"
        placeholder={t.noLimit}
        value={monthly}
        onChange={(e) => setMonthly(sanitizeAmountInput(e.target.value, language))}
      />
      {pending(item.pendingMonthly, t.monthly)}
      <Button loading={busy} onClick={() => void save()}>
        {t.save}
      </Button>
    </section>
  );
}

function toastAfterSave(t: ScreenStrings["limits"], before: LimitItem | undefined, after: LimitItem | undefined): string {
  const waits = (p: LimitItem["pendingDaily"]) => p?.from ?? null;
  const newRaise = after && (waits(after.pendingDaily) !== waits(before?.pendingDaily ?? null) || waits(after.pendingMonthly) !== waits(before?.pendingMonthly ?? null));
  return newRaise && (after.pendingDaily || after.pendingMonthly) ? t.savedPending : t.saved;
}

/**
 * "Лимиты и заморозка": the freeze of transfers to other people, and per currency the daily and
 * monthly limits on them (a raise waits 24 hours and shows when it applies).
 */
export function LimitsScreen() {
  const all = useAllStrings();
  const t = all.limits;
  const telegram = useLoadedTelegram();
  const toast = useToast();
  const limits = useSpendingLimits();
  const [currency, setCurrency] = useState<Currency>("RUB");
  const data = limits.data;
  const item = data?.limits.find((l) => l.currency === currency);

  async function changeFreeze(frozen: boolean) {
    if (!frozen && !(await mayUnfreeze(telegram, t.unfreezeReason))) {
      hapticError();
      toast.error(t.unfreezeFailed);
      return;
    }
    try {
      await limits.mutate(saveTransferFreeze(frozen), { revalidate: false, populateCache: true });
      toast.success(frozen ? t.frozenDone : t.unfrozenDone);
    } catch (error) {
      hapticError();
      toast.error(errorMessage(error) || t.freezeFailed);
    }
  }

  async function saveLimit(daily: number | null, monthly: number | null) {
    try {
      const next = await saveSpendingLimit(currency, daily, monthly);
      const message = toastAfterSave(t, item, next.limits.find((l) => l.currency === currency));
      await limits.mutate(next, { revalidate: false });
      toast.success(message);
    } catch (error) {
      hapticError();
      toast.error(errorMessage(error) || t.saveFailed);
    }
  }

  return (
    <Screen title={t.title} back="/bank?tab=settings">
      {data ? (
        <>
          <FreezeSection data={data} onChange={changeFreeze} />
          <h2 className="section-title">{t.limitsTitle}</h2>
          <p className="hint limits-hint">{t.limitsHint}</p>
          <Segmented
            label={t.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
            value={currency}
            onChange={setCurrency}
          />
          {item && <LimitForm key={`${item.currency}:${item.daily}:${item.monthly}`} item={item} onSave={saveLimit} />}
        </>
      ) : (
        <div className="stack" aria-busy="true">
          <Skeleton height={72} radius={14} />
          <Skeleton height={220} radius={14} />
        </div>
      )}
      <Toast toast={toast} />
    </Screen>
  );
}
