"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useStrings } from "@/lib/client/language";
import { createSchedule, MY_SCHEDULES } from "@/lib/client/schedules";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { toSafeNumber } from "@/lib/shared/money";
import { moscowDate, weekdayOf, type ScheduleKind } from "@/lib/shared/schedule-dates";
import "@/components/ui/text-field.css";
import "./schedules.css";

type End = "none" | "date" | "count";

type SchedulePanelProps = {
  senderWalletId: number | null;
  receiverWalletId: number;
  /** The amount typed, in minor units of the sending wallet; null while it is not a valid amount. */
  minor: bigint | null;
  message: string | null;
  toast: ToastController;
  onAmountError: (message: string) => void;
};

/**
 * "Запланировать" in the transfer form: the same transfer once on a date, or every week / every
 * month on a day, with an optional end. Created idempotently (one key per form); success opens
 * the list of schedules.
 */
export function SchedulePanel(props: SchedulePanelProps) {
  const ru = useStrings();
  const t = ru.schedules;
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const key = useIdempotencyKey();
  // The day the panel opened, fixed for its life (the clock is read once, not on every render).
  const [{ today, tomorrow }] = useState(() => {
    const now = new Date();
    return { today: moscowDate(now), tomorrow: moscowDate(new Date(now.getTime() + 86_400_000)) };
  });
  const [kind, setKind] = useState<ScheduleKind>("monthly");
  const [startDate, setStartDate] = useState(tomorrow);
  const [weekday, setWeekday] = useState(String(weekdayOf(tomorrow)));
  const [monthDay, setMonthDay] = useState(tomorrow.slice(8).replace(/^0/, ""));
  const [end, setEnd] = useState<End>("none");
  const [endDate, setEndDate] = useState("");
  const [count, setCount] = useState("");
  const [saving, setSaving] = useState(false);

  function edit<T>(set: (value: T) => void) {
    return (value: T) => {
      key.reset();
      set(value);
    };
  }

  async function save() {
    if (props.senderWalletId === null || saving) return;
    if (props.minor === null) {
      props.onAmountError(ru.validation.invalidAmount);
      return;
    }
    setSaving(true);
    try {
      await createSchedule(
        {
          senderWalletId: props.senderWalletId,
          receiverWalletId: props.receiverWalletId,
          amount: toSafeNumber(props.minor),
          message: props.message,
          kind,
          day: kind === "weekly" ? Number(weekday) : kind === "monthly" ? Number(monthDay) : null,
          startDate,
          endDate: kind !== "once" && end === "date" ? endDate : null,
          count: kind !== "once" && end === "count" ? Number(count) : null,
        },
        key.current(),
      );
      key.reset();
      props.toast.success(t.created);
      await mutate(MY_SCHEDULES);
      router.push("/schedules");
    } catch (error) {
      props.toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="schedule-panel" aria-label={t.schedule} data-testid="schedule-panel">
      <Segmented
        label={t.kindLabel}
        options={(["once", "weekly", "monthly"] as const).map((value) => ({ value, label: t.kinds[value] }))}
        value={kind}
        onChange={edit(setKind)}
      />
      <TextField
        label={kind === "once" ? t.dateLabel : t.startLabel}
        type="date"
        min={today}
        value={startDate}
        onChange={(event) => edit(setStartDate)(event.target.value)}
      />
      {kind === "weekly" && (
        <label className="field">
          <span className="field-label">{t.weekdayLabel}</span>
          <select className="schedule-select" value={weekday} onChange={(event) => edit(setWeekday)(event.target.value)}>
            {t.weekdays.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === "monthly" && (
        <TextField
          label={t.monthDayLabel}
          hint={t.monthDayHint}
          inputMode="numeric"
          value={monthDay}
          onChange={(event) => edit(setMonthDay)(event.target.value.replace(/\D/g, "").slice(0, 2))}
        />
      )}
      {kind !== "once" && (
        <>
          <Segmented
            label={t.endLabel}
            options={[
              { value: "none" as const, label: t.endNone },
              { value: "date" as const, label: t.endDate },
              { value: "count" as const, label: t.endCount },
            ]}
            value={end}
            onChange={edit(setEnd)}
          />
          {end === "date" && (
            <TextField label={t.endDate} type="date" min={startDate} value={endDate} onChange={(event) => edit(setEndDate)(event.target.value)} />
          )}
          {end === "count" && (
            <TextField
              label={t.endCount}
              inputMode="numeric"
              value={count}
              onChange={(event) => edit(setCount)(event.target.value.replace(/\D/g, "").slice(0, 3))}
            />
          )}
        </>
      )}
      <Button onClick={() => void save()} loading={saving} disabled={props.senderWalletId === null}>
        {t.submit}
      </Button>
    </section>
  );
}
