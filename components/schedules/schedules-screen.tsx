"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { changeSchedule, MY_SCHEDULES, useMySchedules, type ScheduleAction } from "@/lib/client/schedules";
import { formatMoney } from "@/lib/shared/money";
import type { ScheduleDto } from "@/lib/shared/schemas/schedules";
import { fill } from "@/lib/shared/strings";
import "@/components/bank/history-tab.css";
import "./schedules.css";

/** "Каждый месяц, 31 числа" / "Каждую неделю, Среда" / the date of a one-off. */
function useCadence(schedule: ScheduleDto): string {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const s = t.schedules;
  if (schedule.kind === "weekly") return fill(s.every.weekly, { weekday: s.weekdays[schedule.day - 1] ?? "" });
  if (schedule.kind === "monthly") return fill(s.every.monthly, { day: schedule.day });
  return fill(s.every.once, { date: formatScheduleDate(schedule.startDate, language) });
}

/** One schedule: amount and recipient, when, its next run and status, and what may be done. */
function ScheduleRow({ schedule, busy, onAction }: { schedule: ScheduleDto; busy: boolean; onAction: (id: number, action: ScheduleAction) => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const s = t.schedules;
  const cadence = useCadence(schedule);
  const last = schedule.runs[0];
  return (
    <li className="list-item schedule-row" data-testid="schedule-row" id={`schedule-${schedule.id}`}>
      <span className="list-item-text">
        <span className="list-item-title">
          {formatMoney(schedule.amount, schedule.currency, language)} → {schedule.recipient.name}
        </span>
        <span className="list-item-subtitle">{cadence}</span>
        <span className="list-item-subtitle" data-testid="schedule-next">
          {schedule.nextOccurrence ? fill(s.next, { date: formatScheduleDate(schedule.nextOccurrence, language) }) : s.noNext}
        </span>
        {last && (
          <span className="list-item-subtitle">
            {fill(s.lastRun, { date: formatScheduleDate(last.occurrence, language), status: s.runStatus[last.status] })}
            {last.status === "failed" && last.reason ? ` (${(s.reasons as Record<string, string>)[last.reason] ?? s.reasons.other})` : ""}
          </span>
        )}
        {schedule.message && <span className="list-item-subtitle history-message">{schedule.message}</span>}
      </span>
      <span className="list-item-after schedule-after">
        <span className={`schedule-status schedule-${schedule.status}`}>{s.status[schedule.status]}</span>
        {schedule.status === "active" && (
          <Button variant="secondary" fullWidth={false} disabled={busy} onClick={() => onAction(schedule.id, "pause")}>
            {s.pause}
          </Button>
        )}
        {schedule.status === "paused" && (
          <Button variant="secondary" fullWidth={false} disabled={busy} onClick={() => onAction(schedule.id, "resume")}>
            {s.resume}
          </Button>
        )}
        {(schedule.status === "active" || schedule.status === "paused") && (
          <Button variant="secondary" fullWidth={false} disabled={busy} onClick={() => onAction(schedule.id, "cancel")}>
            {s.cancel}
          </Button>
        )}
      </span>
    </li>
  );
}

/** "Запланированные переводы": each with its next run, amount, recipient and status; pause, resume, cancel. */
export function SchedulesScreen() {
  const t = useAllStrings();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const mine = useMySchedules();
  const [busy, setBusy] = useState<number | null>(null);

  async function act(id: number, action: ScheduleAction) {
    if (action === "cancel" && !window.confirm(t.schedules.cancelConfirm)) return;
    setBusy(id);
    try {
      await changeSchedule(id, action);
      await mutate(MY_SCHEDULES);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
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
            <ScheduleRow key={schedule.id} schedule={schedule} busy={busy === schedule.id} onAction={(id, action) => void act(id, action)} />
          ))}
        </ul>
      )}
      <Toast toast={toast} />
    </section>
    </Screen>
  );
}
