"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { OpenPocketForm } from "@/components/pockets/open-pocket-form";
import { formatScheduleDate } from "@/components/schedules/schedule-date";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { useAllStrings, useFeatureLanguage } from "@/lib/client/feature-strings";
import { closePocket, movePocket, MY_POCKETS, useMyPockets, type PocketDirection } from "@/lib/client/pockets";
import { formatMoney, parseAmount } from "@/lib/shared/money";
import type { PocketDto } from "@/lib/shared/schemas/pockets";
import { fill } from "@/lib/shared/strings";
import "./pockets.css";

/** How far the pocket is toward its target, 0–100. */
export function progressOf(pocket: Pick<PocketDto, "balance" | "target">): number {
  if (!pocket.target) return 0;
  return Math.min(100, Math.floor((pocket.balance / pocket.target) * 100));
}

/** One pocket: its name, balance, progress toward the target, lock and round-up; move in, take out, close. */
function PocketCard({ pocket }: { pocket: PocketDto }) {
  const t = useAllStrings();
  const s = t.pockets;
  const language = useFeatureLanguage();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const amount = useAmountInput();
  const money = useMoneySubmit({ toast });
  const [closing, setClosing] = useState(false);
  const percent = progressOf(pocket);
  const refresh = () => void mutate(MY_POCKETS);

  function move(direction: PocketDirection) {
    const minor = parseAmount(amount.value);
    if (minor === null || minor <= 0n) return amount.reject(t.validation.invalidAmount);
    void money.submit({
      send: (key) => movePocket(pocket.id, direction, Number(minor), key),
      onSuccess: () => {
        amount.change("");
        refresh();
      },
    });
  }

  function close() {
    void money.submit({ send: () => closePocket(pocket.id), onSuccess: refresh, onFailure: () => setClosing(false) });
  }

  return (
    <li className="section pocket-card" data-testid="pocket">
      <span className="pocket-head">
        <span className="pocket-name" data-user-text>
          {pocket.name}
        </span>
        <span className="pocket-balance">{formatMoney(pocket.balance, pocket.currency, language)}</span>
      </span>
      {pocket.target !== null && (
        <>
          <span className="pocket-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={pocket.name}>
            <span className="pocket-bar-fill" style={{ width: `${percent}%` }} />
          </span>
          <p className="hint">
            {fill(s.progress, { saved: formatMoney(pocket.balance, pocket.currency, language), target: formatMoney(pocket.target, pocket.currency, language) })}
            {pocket.targetDate && !pocket.locked ? ` · ${formatScheduleDate(pocket.targetDate, language)}` : ""}
          </p>
        </>
      )}
      {pocket.locked && pocket.targetDate && <p className="hint">{fill(s.lockedUntil, { date: formatScheduleDate(pocket.targetDate, language) })}</p>}
      {pocket.roundUp > 0 && <p className="hint">{fill(s.roundUpOn, { step: pocket.roundUp })}</p>}
      <AmountField label={s.amountLabel} value={amount.value} onChange={amount.change} error={amount.error} shakeKey={amount.shakeKey} />
      <span className="pocket-actions">
        <Button variant="secondary" disabled={money.submitting} onClick={() => move("in")}>
          {s.moveIn}
        </Button>
        <Button variant="secondary" disabled={money.submitting} onClick={() => move("out")}>
          {s.moveOut}
        </Button>
      </span>
      {closing ? (
        <span className="stack">
          <p className="hint">{fill(s.closeConfirm, { name: pocket.name })}</p>
          <span className="pocket-actions">
            <Button variant="secondary" disabled={money.submitting} onClick={() => setClosing(false)}>
              {s.keep}
            </Button>
            <Button variant="danger" loading={money.submitting} onClick={close}>
              {s.close}
            </Button>
          </span>
        </span>
      ) : (
        <Button variant="secondary" onClick={() => setClosing(true)}>
          {s.close}
        </Button>
      )}
      <Toast toast={toast} />
    </li>
  );
}

/** "Копилки": the open pockets with their progress, and the form that opens another. */
export function PocketsScreen() {
  const t = useAllStrings();
  const s = t.pockets;
  const { mutate } = useSWRConfig();
  const mine = useMyPockets();
  const [opening, setOpening] = useState(false);

  return (
    <Screen title={s.title} back="/bank">
      <section className="stack" aria-label={s.title}>
        {mine.error ? (
          <div className="stack">
            <p className="inline-error" role="alert">
              {s.loadError}
            </p>
            <Button variant="secondary" onClick={() => void mine.mutate()}>
              {t.common.retry}
            </Button>
          </div>
        ) : !mine.data ? (
          <Skeleton height={120} radius={14} />
        ) : mine.data.length === 0 ? (
          <p className="hint centered empty-state">{s.empty}</p>
        ) : (
          <ul className="stack pocket-list">
            {mine.data.map((pocket) => (
              <PocketCard key={pocket.id} pocket={pocket} />
            ))}
          </ul>
        )}
        {opening ? (
          <OpenPocketForm
            onOpened={() => {
              setOpening(false);
              void mutate(MY_POCKETS);
            }}
          />
        ) : (
          <Button onClick={() => setOpening(true)}>{s.create}</Button>
        )}
      </section>
    </Screen>
  );
}
