"use client";

import { useRouter } from "next/navigation";
import Link from "next/link";
import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { IconDone } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/client/api";
import { useReceipt } from "@/lib/client/hooks";
import { splitFormPath } from "@/lib/client/split-prefill";
import { canSplit, receiptKind, receiptLines, shareReceipt } from "@/lib/client/transfer/receipt";
import { formatMoneyChange } from "@/lib/shared/money";
import { Details } from "@/components/ui/details";
import { useFormLanguage, useFormStrings } from "@/lib/client/form-strings";
import "@/components/bank/history-tab.css";
import "@/components/schedules/schedules.css";
import "./receipt-view.css";

function ReceiptSkeleton() {
  return (
    <div className="section receipt" aria-busy="true">
      <Skeleton width={56} height={56} radius="50%" />
      <Skeleton width="60%" height={28} />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} width="100%" height={18} />
      ))}
    </div>
  );
}

/**
 * A transfer's receipt: amount, who, accounts (the other person's masked), date and time, rate,
 * fee, number, status — with "Поделиться", "Разделить счёт" for money the customer paid, and
 * "Готово". `fresh`: just sent, so the spec's success
 * text leads.
 */
export function ReceiptView({ transferId, fresh }: { transferId: number | null; fresh: boolean }) {
  const t = useFormStrings();
  const language = useFormLanguage();
  const router = useRouter();
  const receipt = useReceipt(transferId);
  const toast = useToast();
  const [sharing, setSharing] = useState(false);

  if (receipt.error || transferId === null) {
    const missing = transferId === null || (receipt.error instanceof ApiError && receipt.error.status === 404);
    return (
      <div className="section stack">
        <p className="inline-error" role="alert">
          {missing ? t.receipt.notFound : t.receipt.loadFailed}
        </p>
        {!missing && (
          <Button variant="secondary" onClick={() => void receipt.mutate()}>
            {t.receipt.retry}
          </Button>
        )}
        <Button onClick={() => router.push("/bank")}>{t.receipt.done}</Button>
      </div>
    );
  }
  if (!receipt.data) return <ReceiptSkeleton />;

  const data = receipt.data;
  const other = data.direction === "out" ? data.receiver : data.sender;
  const shown =
    data.direction === "out"
      ? formatMoneyChange(-data.amount, data.currency, language)
      : formatMoneyChange(data.receivedAmount, data.receivedCurrency, language);

  async function share() {
    setSharing(true);
    const outcome = await shareReceipt(data);
    setSharing(false);
    if (outcome === "copied") toast.success(t.receipt.copied);
    if (outcome === "failed") toast.error(t.receipt.shareFailed);
  }

  return (
    <div className="stack">
      <section className="section receipt" aria-label={t.receipt.title}>
        {fresh && (
          <p className="receipt-success" role="status">
            <IconDone size={22} className="receipt-success-icon" />
            {data.kind === "exchange" ? t.receipt.exchangeDone : t.transfer.success}
          </p>
        )}
        <Avatar src={other.avatarUrl} name={other.name} size={56} />
        <div className="receipt-kind">{receiptKind(data, language)}</div>
        <div className={`receipt-amount history-${data.direction}`}>
          {shown}
        </div>
        <div className="receipt-status">{t.receipt.status}</div>
        {data.scheduleId !== undefined && (
          <Link className="schedule-mark" href={`/schedules#schedule-${data.scheduleId}`} data-testid="receipt-schedule">
            {t.history.scheduledMark} · {t.receipt.openSchedule}
          </Link>
        )}
        <Details rows={receiptLines(data, language)} userText={[t.transferMessage.term]} />
      </section>
      <Button variant="secondary" onClick={() => void share()} loading={sharing}>
        {t.receipt.share}
      </Button>
      {canSplit(data) && (
        <Button variant="secondary" onClick={() => router.push(splitFormPath(data))}>
          {t.receipt.splitBill}
        </Button>
      )}
      <Button onClick={() => router.push("/bank")}>{t.receipt.done}</Button>
      <Toast toast={toast} />
    </div>
  );
}
