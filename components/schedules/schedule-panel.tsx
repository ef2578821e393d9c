"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Segmented } from "@/components/ui/segmented";
import { TextField } from "@/components/ui/text-field";
import type { ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { calendarOf, draftProblem, useScheduleDraft, whenRows, type Draft } from "@/components/schedules/schedule-draft";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { createSchedule, MY_SCHEDULES } from "@/lib/client/schedules";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { toSafeNumber } from "@/lib/shared/money";
import { isScheduleDate } from "@/lib/shared/schedule-dates";
import "@/components/ui/text-field.css";
import "./schedules.css";

type SchedulePanelProps = {
  senderWalletId: number | null;
  receiverWalletId: number;
  /** The amount typed, in minor units of the sending wallet; null while it is not a valid amount. */
  minor: bigint | null;
  message: string | null;
  /** What the review sheet says of the transfer (who gets what); null while the amount is not valid. */
  summary: TransferSummary | null;
  toast: ToastController;
  onAmountError: (message: string) => void;
};

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
          <select className="field-input schedule-select" value={values.weekday} onChange={(event) => set.weekday(event.target.value)}>
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

/** Opened, the panel comes into view (it opens below the amount, often below the fold). */
function useScrolledIntoView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const panel = ref.current;
    // jsdom (the unit tests) has neither.
    if (!panel || !("scrollIntoView" in panel)) return;
    const still = "matchMedia" in window && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    panel.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, []);
  return ref;
}

/**
 * Creates the schedule the draft describes: once per form (one Idempotency-Key, kept for a retry,
 * new after any edit); success opens the list of schedules.
 */
function useScheduleSave(props: SchedulePanelProps, draft: Draft, key: ReturnType<typeof useIdempotencyKey>) {
  const t = useAllStrings();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);

  async function save(onFailure: () => void) {
    if (props.senderWalletId === null || props.minor === null || saving) return;
    const { kind } = draft.values;
    const calendar = calendarOf(draft.values);
    setSaving(true);
    try {
      await createSchedule(
        {
          senderWalletId: props.senderWalletId,
          receiverWalletId: props.receiverWalletId,
          amount: toSafeNumber(props.minor),
          message: props.message,
          kind,
          day: kind === "once" ? null : calendar.day,
          startDate: calendar.startDate,
          endDate: calendar.endDate,
          count: calendar.count,
        },
        key.current(),
      );
      key.reset();
      props.toast.success(t.schedules.created);
      await mutate(MY_SCHEDULES);
      router.push("/schedules");
    } catch (error) {
      props.toast.error(errorMessage(error));
      onFailure();
    } finally {
      setSaving(false);
    }
  }
  return { save, saving };
}

/**
 * "Запланировать" in the transfer form: the same transfer once on a date, or every week / every
 * month on a day, with an optional end. While the panel is open its "Запланировать перевод" is the
 * screen's one primary action; it opens a review sheet (who gets what, when, until when), and only
 * the sheet's "Подтвердить" creates the schedule.
 */
export function SchedulePanel(props: SchedulePanelProps) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const key = useIdempotencyKey();
  const draft = useScheduleDraft(() => key.reset());
  const { save, saving } = useScheduleSave(props, draft, key);
  const [reviewing, setReviewing] = useState(false);
  const native = useLoadedTelegram()?.native ?? false;
  const ref = useScrolledIntoView<HTMLElement>();

  function review() {
    if (props.senderWalletId === null || saving) return;
    if (props.minor === null || props.summary === null) {
      props.onAmountError(t.validation.invalidAmount);
      props.toast.error(t.validation.invalidAmount);
      return;
    }
    const problem = draftProblem(draft.values, t.schedules, new Date());
    if (problem) {
      props.toast.error(problem);
      return;
    }
    hideKeyboard();
    setReviewing(true);
  }

  const sheet =
    reviewing && props.summary ? { ...props.summary, extra: whenRows(draft.values, t.schedules, language, new Date()) } : null;
  const confirm = () => void save(() => setReviewing(false));
  return (
    <>
      <section ref={ref} className="schedule-panel" aria-label={t.transfer.schedule} data-testid="schedule-panel">
        <Segmented
          label={t.schedules.kindLabel}
          options={(["once", "weekly", "monthly"] as const).map((value) => ({ value, label: t.schedules.kinds[value] }))}
          value={draft.values.kind}
          onChange={draft.set.kind}
        />
        <WhenFields draft={draft} />
        {draft.values.kind !== "once" && <EndFields draft={draft} />}
      </section>
      {/* Inside Telegram the MainButton also confirms; in a browser the sheet has its own button. */}
      <PrimaryAction
        label={native && sheet ? t.confirm.submit : t.schedules.submit}
        onPress={native && sheet ? confirm : review}
        disabled={props.senderWalletId === null}
        loading={saving}
      />
      {sheet && (
        <ConfirmSheet
          title={t.schedules.reviewTitle}
          summary={sheet}
          submitting={saving}
          showConfirm={!native}
          onConfirm={confirm}
          onCancel={() => setReviewing(false)}
        />
      )}
    </>
  );
}
