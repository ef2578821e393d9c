"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { cadenceText, endText } from "@/components/schedules/schedule-words";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { changeSchedule, MY_SCHEDULES, useMySchedules, type ScheduleAction } from "@/lib/client/schedules";
import { formatMoney } from "@/lib/shared/money";
import type { Language, ScreenStrings } from "@/lib/shared/languages";
import { dueAt } from "@/lib/shared/schedule-dates";
import type { ScheduleDto } from "@/lib/shared/schemas/schedules";
import { fill } from "@/lib/shared/strings";
import "@/components/bank/history-tab.css";
import "./schedules.css";

/** Where the schedule stands: its next run; or, paused, that it is paused and when it would run. */
function nextLine(s: ScreenStrings["schedules"], schedule: ScheduleDto, language: Language, now: Date): string {
  if (schedule.nextOccurrence) return fill(s.next, { date: formatScheduleDate(schedule.nextOccurrence, language) });
  if (schedule.status !== "paused") return s.noNext;
  if (schedule.kind !== "once") return s.pausedRecurring;
  const date = formatScheduleDate(schedule.startDate, language);
  return fill(dueAt(schedule.startDate) > now ? s.pausedOnce : s.pausedOncePast, { date });
}

/** One schedule: amount and recipient, when and until when, its next run and status, and what may be done. */
function ScheduleRow({ schedule, busy, onAction }: { schedule: ScheduleDto; busy: boolean; onAction: (id: number, action: ScheduleAction) => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const s = t.schedules;
  const ends = endText(s, schedule, language);
  const last = schedule.runs[0];
  const open = schedule.status === "active" || schedule.status === "paused";
  return (
    <li className="list-item schedule-row" data-testid="schedule-row" id={`schedule-${schedule.id}`}>
      <span className="list-item-text">
        <span className="schedule-head">
          <span className="list-item-title">
            {formatMoney(schedule.amount, schedule.currency, language)} → {schedule.recipient.name}
          </span>
          <span className={`schedule-status schedule-${schedule.status}`}>{s.status[schedule.status]}</span>
        </span>
        <span className="list-item-subtitle">{cadenceText(s, schedule, language)}</span>
        {ends && (
          <span className="list-item-subtitle" data-testid="schedule-end">
            {ends}
          </span>
        )}
        <span className="list-item-subtitle" data-testid="schedule-next">
          {nextLine(s, schedule, language, new Date())}
        </span>
        {last && (
          <span className="list-item-subtitle">
            {fill(s.lastRun, { date: formatScheduleDate(last.occurrence, language), status: s.runStatus[last.status] })}
            {last.status === "failed" && last.reason ? ` (${(s.reasons as Record<string, string>)[last.reason] ?? s.reasons.other})` : ""}
          </span>
        )}
        {schedule.message && <span className="list-item-subtitle history-message" data-user-text title={schedule.message}>{schedule.message}</span>}
      </span>
      {open && (
        <span className="schedule-actions">
          <Button variant="secondary" disabled={busy} onClick={() => onAction(schedule.id, schedule.status === "active" ? "pause" : "resume")}>
            {schedule.status === "active" ? s.pause : s.resume}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onAction(schedule.id, "cancel")}>
            {s.cancel}
          </Button>
        </span>
      )}
    </li>
  );
}

/** The app's sheet before a schedule is cancelled: what it would have sent, to whom, and when. */
function CancelSheet({ schedule, busy, onConfirm, onClose }: { schedule: ScheduleDto; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const s = t.schedules;
  const ends = endText(s, schedule, language);
  const summary: TransferSummary = {
    recipientName: schedule.recipient.name,
    account: schedule.recipient.account,
    debit: formatMoney(schedule.amount, schedule.currency, language),
    credit: null,
    rate: null,
    fee: null,
    extra: [[s.kindLabel, cadenceText(s, schedule, language)], ...(ends ? ([[s.endLabel, ends]] as [string, string][]) : [])],
    message: schedule.message,
  };
  return (
    <ConfirmSheet
      title={s.cancelConfirm}
      summary={summary}
      submitting={busy}
      danger
      confirmLabel={s.cancelYes}
      cancelLabel={s.cancelKeep}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

/** "Запланированные переводы": each with its next run, amount, recipient and status; pause, resume, cancel. */
export function SchedulesScreen() {
  const t = useAllStrings();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const mine = useMySchedules();
  const [busy, setBusy] = useState<number | null>(null);
  // The schedule whose cancelling waits for the sheet's answer.
  const [cancelling, setCancelling] = useState<ScheduleDto | null>(null);

  async function act(id: number, action: ScheduleAction) {
    setBusy(id);
    try {
      await changeSchedule(id, action);
      await mutate(MY_SCHEDULES);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      if (action === "cancel") setCancelling(null);
    }
  }

  function ask(id: number, action: ScheduleAction) {
    if (action !== "cancel") void act(id, action);
    else setCancelling(mine.data?.find((schedule) => schedule.id === id) ?? null);
  }

  return (
    <Screen title={t.bank.schedules} back="/bank">
    <section className="stack" aria-label={t.bank.schedules}>
      {mine.error ? (
        <div className="stack">
          <p className="inline-error" role="alert">
            {t.schedules.loadError}
          </p>
          <Button variant="secondary" onClick={() => void mine.mutate()}>
            {t.common.retry}
          </Button>
        </div>
      ) : !mine.data ? (
        <Skeleton height={120} radius={14} />
      ) : mine.data.length === 0 ? (
        <p className="hint centered empty-state">{t.schedules.empty}</p>
      ) : (
        <ul className="section history">
          {mine.data.map((schedule) => (
            <ScheduleRow key={schedule.id} schedule={schedule} busy={busy === schedule.id} onAction={ask} />
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelSheet
          schedule={cancelling}
          busy={busy === cancelling.id}
          onConfirm={() => void act(cancelling.id, "cancel")}
          onClose={() => setCancelling(null)}
        />
      )}
      <Toast toast={toast} />
    </section>
    </Screen>
  );
}
