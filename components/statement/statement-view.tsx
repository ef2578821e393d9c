"use client";

import { useState } from "react";
import { Message } from "@/components/bank/history-tab";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useWallets } from "@/lib/client/hooks";
import { downloadStatement, presetPeriod, useStatement, type Period, type PeriodChoice } from "@/lib/client/statement";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { groupAccountNumber } from "@/lib/shared/account-number";
import { formatMoney, formatMoneyChange, type Currency } from "@/lib/shared/money";
import type { StatementFormat } from "@/lib/shared/schemas/statements";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import type { ScreenStrings } from "@/lib/shared/languages";
import "@/components/bank/account-details.css";
import "./statement-view.css";

const choices = (t: ScreenStrings) =>
  [
    { value: "thisMonth", label: t.statement.thisMonth },
    { value: "lastMonth", label: t.statement.lastMonth },
    { value: "custom", label: t.statement.custom },
  ] as const;

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={["kv-row", strong ? "statement-strong" : ""].filter(Boolean).join(" ")}>
      <dt>{label}</dt>
      <dd data-testid={`statement-${label}`}>{value}</dd>
    </div>
  );
}

function Totals({ walletId, period, currency }: { walletId: number; period: Period; currency: Currency }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const summary = useStatement(walletId, period);
  if (summary.error) return <Message text={errorMessage(summary.error) || t.statement.loadFailed} alert onRetry={() => void summary.mutate()} />;
  if (!summary.data) return <Skeleton height={172} radius={14} />;
  const s = summary.data;
  const money = (minor: number) => formatMoney(minor, currency, language);
  return (
    <dl className="section kv-list statement-totals" aria-label={t.statement.title}>
      <Line label={t.statement.opening} value={money(s.opening)} />
      <Line label={t.statement.totalIn} value={formatMoneyChange(s.totalIn, currency, language)} />
      <Line label={t.statement.totalOut} value={formatMoneyChange(-s.totalOut, currency, language)} />
      <Line label={t.statement.closing} value={money(s.closing)} strong />
      <Line label={t.statement.count} value={String(s.count)} />
    </dl>
  );
}

/**
 * A statement of one own account: a period (this month, last month, or chosen days), its totals
 * from the server, and the file as PDF or CSV (Telegram's download prompt inside Telegram).
 */
export function StatementView({ walletId }: { walletId: number | null }) {
  const t = useAllStrings();
  const wallets = useWallets();
  const env = useLoadedTelegram();
  const toast = useToast();
  const [choice, setChoice] = useState<PeriodChoice>("thisMonth");
  const [custom, setCustom] = useState<Period>(() => presetPeriod("thisMonth"));
  const [busy, setBusy] = useState<StatementFormat | null>(null);

  if (wallets.error) return <Message text={t.bank.loadFailed} alert onRetry={() => void wallets.mutate()} />;
  if (!wallets.data) return <Skeleton height={240} radius={14} />;
  const wallet = wallets.data.find((w) => w.id === walletId);
  if (!wallet) return <Message text={t.bank.account.notFound} alert />;

  const period = choice === "custom" ? custom : presetPeriod(choice);
  const valid = /^\d{4}-\d\d-\d\d$/.test(period.from) && /^\d{4}-\d\d-\d\d$/.test(period.to) && period.from <= period.to;

  async function download(format: StatementFormat) {
    setBusy(format);
    try {
      await downloadStatement({ walletId: wallet!.id, period, format }, env);
      toast.success(t.statement.downloadStarted);
    } catch (error) {
      toast.error(errorMessage(error) || t.statement.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack">
      <p className="hint">
        {t.currencies[wallet.currency]} · {groupAccountNumber(wallet.number)}
      </p>
      <Segmented label={t.statement.period} options={choices(t)} value={choice} onChange={setChoice} />
      {choice === "custom" && (
        <div className="statement-dates">
          <TextField label={t.statement.from} type="date" value={custom.from} max={custom.to} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
          <TextField label={t.statement.to} type="date" value={custom.to} min={custom.from} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
        </div>
      )}
      {valid ? (
        <Totals walletId={wallet.id} period={period} currency={wallet.currency} />
      ) : (
        <p className="inline-error" role="alert">
          {t.statement.invalidPeriod}
        </p>
      )}
      <div className="account-actions">
        <Button disabled={!valid} loading={busy === "pdf"} onClick={() => void download("pdf")}>
          {t.statement.downloadPdf}
        </Button>
        <Button variant="secondary" disabled={!valid} loading={busy === "csv"} onClick={() => void download("csv")}>
          {t.statement.downloadCsv}
        </Button>
      </div>
      <Toast toast={toast} />
    </div>
  );
}
