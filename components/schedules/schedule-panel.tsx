"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { createSchedule, MY_SCHEDULES } from "@/lib/client/schedules";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { toSafeNumber } from "@/lib/shared/money";
import { isScheduleDate, moscowDate, weekdayOf, type ScheduleKind } from "@/lib/shared/schedule-dates";
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

/** The panel's choices; the day the panel opened stays fixed for its life. */
function useScheduleDraft(onEdit: () => void) {
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
  // Any edit makes it another request: a new Idempotency-Key.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      onEdit();
      set(value);
    };
  return {
    today,
    values: { kind, startDate, weekday, monthDay, end, endDate, count },
    set: {
      kind: edit(setKind),
      startDate: edit(setStartDate),
      weekday: edit(setWeekday),
      monthDay: edit(setMonthDay),
      end: edit(setEnd),
      endDate: edit(setEndDate),
      count: edit(setCount),
    },
  };
}

type Draft = ReturnType<typeof useScheduleDraft>;

/**
 * The chosen day in the customer's words ("1 декабря 2026" / "1 December 2026"), shown under a
 * date field: the native picker writes it in the browser's own format, whatever the app's language.
 */
function useDateInWords(): (date: string) => string | undefined {
  const language = useFeatureLanguage();
  return (date) => (isScheduleDate(date) ? formatScheduleDate(date, language) : undefined);
}

/** When it runs: the date (once) or the start, and the weekday or the day of the month. */
function WhenFields({ draft }: { draft: Draft }) {
  const s = useAllStrings().schedules;
  const inWords = useDateInWords();
  const { values, set } = draft;
  return (
    <>
      <TextField
        label={values.kind === "once" ? s.dateLabel : s.startLabel}
        type="date"
        min={draft.today}
        hint={inWords(values.startDate)}
        value={values.startDate}
        onChange={(event) => set.startDate(event.target.value)}
      />
      {values.kind === "weekly" && (
        <label className="field">
          <span className="field-label">{s.weekdayLabel}</span>
          <select className="schedule-select" value={values.weekday} onChange={(event) => set.weekday(event.target.value)}>
            {s.weekdays.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {values.kind === "monthly" && (
        <TextField
          label={s.monthDayLabel}
          hint={s.monthDayHint}
          inputMode="numeric"
          value={values.monthDay}
          onChange={(event) => set.monthDay(event.target.value.replace(/\D/g, "").slice(0, 2))}
        />
      )}
    </>
  );
}

/** A recurring schedule's end: none, a date, or a number of runs. */
function EndFields({ draft }: { draft: Draft }) {
  const s = useAllStrings().schedules;
  const inWords = useDateInWords();
  const { values, set } = draft;
  return (
    <>
      <Segmented
        label={s.endLabel}
        options={[
          { value: "none" as const, label: s.endNone },
          { value: "date" as const, label: s.endDate },
          { value: "count" as const, label: s.endCount },
        ]}
        value={values.end}
        onChange={set.end}
      />
      {values.end === "date" && (
        <TextField
          label={s.endDate}
          type="date"
          min={values.startDate}
          hint={inWords(values.endDate)}
          value={values.endDate}
          onChange={(event) => set.endDate(event.target.value)}
        />
      )}
      {values.end === "count" && (
        <TextField
          label={s.endCount}
          inputMode="numeric"
          value={values.count}
          onChange={(event) => set.count(event.target.value.replace(/\D/g, "").slice(0, 3))}
        />
      )}
    </>
  );
}

/**
 * "Запланировать" in the transfer form: the same transfer once on a date, or every week / every
 * month on a day, with an optional end. Created idempotently (one key per form); success opens
 * the list of schedules.
 */
export function SchedulePanel(props: SchedulePanelProps) {
  const t = useAllStrings();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const key = useIdempotencyKey();
  const draft = useScheduleDraft(() => key.reset());
  const [saving, setSaving] = useState(false);

  async function save() {
    if (props.senderWalletId === null || saving) return;
    if (props.minor === null) {
      props.onAmountError(t.validation.invalidAmount);
      return;
    }
    const { kind, weekday, monthDay, startDate, end, endDate, count } = draft.values;
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
      props.toast.success(t.schedules.created);
      await mutate(MY_SCHEDULES);
      router.push("/schedules");
    } catch (error) {
      props.toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="schedule-panel" aria-label={t.transfer.schedule} data-testid="schedule-panel">
      <Segmented
        label={t.schedules.kindLabel}
        options={(["once", "weekly", "monthly"] as const).map((value) => ({ value, label: t.schedules.kinds[value] }))}
        value={draft.values.kind}
        onChange={draft.set.kind}
      />
      <WhenFields draft={draft} />
      {draft.values.kind !== "once" && <EndFields draft={draft} />}
      <Button onClick={() => void save()} loading={saving} disabled={props.senderWalletId === null}>
        {t.schedules.submit}
      </Button>
    </section>
  );
}
