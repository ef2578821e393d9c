"use client";

import { useEffect, useRef } from "react";
import { Avatar, AvatarIcon } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Details } from "@/components/ui/details";
import { IconExchange } from "@/components/ui/icons";
import { useVerticalSwipesOff } from "@/lib/client/telegram/use-swipes-off";
import { useFormStrings } from "@/lib/client/form-strings";
import "./confirm-sheet.css";

export type TransferSummary = {
  recipientName: string;
  recipientAvatar?: string;
  /** Money between the customer's own accounts (an exchange): the exchange icon, not a person's initials. */
  ownAccounts?: boolean;
  /** The receiving account, masked ("•• 3750"). */
  account: string;
  debit: string;
  /** What is credited, when it differs from the debit (another currency). */
  credit: string | null;
  rate: string | null;
  /** The fee; null where there is none to speak of (a schedule being cancelled). */
  fee: string | null;
  /** More rows after the amounts: when a scheduled transfer runs, and until when. */
  extra?: readonly (readonly [string, string])[];
  /** The message to the recipient, if any. */
  message?: string | null;
};

type ConfirmSheetProps = {
  summary: TransferSummary;
  /** The sheet's heading (default "Проверьте перевод"). */
  title?: string;
  submitting: boolean;
  /** False inside Telegram, where the MainButton confirms. */
  showConfirm?: boolean;
  /** The buttons' words (default "Подтвердить" and "Отмена"). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirmation undoes something (cancelling a schedule): the danger button. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The last look before money moves: who gets what, from which rate, at what fee. Nothing is sent
 * until "Подтвердить"; Escape, the backdrop and "Отмена" close it and send nothing.
 */
export function ConfirmSheet(props: ConfirmSheetProps) {
  const { summary, title: heading, submitting, showConfirm = true, danger = false, onConfirm, onCancel } = props;
  const t = useFormStrings();
  const title = heading ?? t.confirm.title;
  const confirmRef = useRef<HTMLButtonElement>(null);
  useVerticalSwipesOff(true);
  useEffect(() => {
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !submitting) onCancel();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel, submitting]);

  const rows: [string, string][] = [
    ...(summary.account ? ([[t.confirm.account, summary.account]] as [string, string][]) : []),
    [t.confirm.debit, summary.debit],
    ...(summary.credit ? ([[t.confirm.credit, summary.credit]] as [string, string][]) : []),
    ...(summary.rate ? ([[t.confirm.rate, summary.rate]] as [string, string][]) : []),
    ...(summary.fee !== null ? ([[t.confirm.fee, summary.fee]] as [string, string][]) : []),
    ...(summary.extra ?? []).map(([term, value]) => [term, value] as [string, string]),
    ...(summary.message ? ([[t.transferMessage.term, summary.message]] as [string, string][]) : []),
  ];
  return (
    <div className="sheet-backdrop" onClick={submitting ? undefined : onCancel}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="confirm-title" className="sheet-title">
          {title}
        </h2>
        <div className="sheet-person">
          {summary.ownAccounts ? (
            <AvatarIcon size={48}>
              <IconExchange size={24} />
            </AvatarIcon>
          ) : (
            <Avatar src={summary.recipientAvatar} name={summary.recipientName} size={48} />
          )}
          <div>
            <div className="hint">{t.confirm.recipient}</div>
            <div className="sheet-person-name">{summary.recipientName}</div>
          </div>
        </div>
        <Details rows={rows} userText={[t.transferMessage.term]} />
        <div className="stack">
          {showConfirm && (
            <Button ref={confirmRef} variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={submitting}>
              {props.confirmLabel ?? t.confirm.submit}
            </Button>
          )}
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            {props.cancelLabel ?? t.confirm.cancel}
          </Button>
        </div>
      </div>
    </div>
  );
}
