"use client";

import { useMemo } from "react";
import { HistoryDays, HistorySkeleton, Message, RefreshButton } from "@/components/bank/history-tab";
import { Button } from "@/components/ui/button";
import { IntentLink } from "@/components/ui/intent-link";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { useHistoryFeed } from "@/lib/client/history-feed";
import { useWallets } from "@/lib/client/hooks";
import { hapticError, hapticSuccess } from "@/lib/client/telegram/haptics";
import { groupAccountNumber } from "@/lib/shared/account-number";
import { CURRENCY_INFO, formatMoney } from "@/lib/shared/money";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import "@/components/ui/button.css";
import "./tabs.css";
import "./accounts-list.css";
import "./account-details.css";

/** What can be done from the account: top it up, send or exchange from it, open its statement. */
function AccountActions({ wallet }: { wallet: { id: number; currency: string } }) {
  const t = useAllStrings();
  return (
    <>
      <nav className="account-actions" aria-label={t.bank.account.title}>
        <IntentLink className="btn btn-primary btn-full" href={`/add-money/online?currency=${wallet.currency}`}>
          {t.bank.account.topUp}
        </IntentLink>
        <IntentLink className="btn btn-primary btn-full" href={`/transfer-money?from=${wallet.id}`}>
          {t.bank.account.send}
        </IntentLink>
        <IntentLink className="btn btn-primary btn-full" href={`/exchange?from=${wallet.id}`}>
          {t.exchange.submit}
        </IntentLink>
      </nav>
      <IntentLink className="btn btn-secondary btn-full" href={`/account/${wallet.id}/statement`}>
        {t.statement.open}
      </IntentLink>
      <IntentLink className="btn btn-secondary btn-full" href={`/account/${wallet.id}/insights`}>
        {t.bank.insights}
      </IntentLink>
    </>
  );
}

/**
 * One account: its balance, its full number with "Скопировать", "Пополнить" and "Перевести"
 * from it, and its own history.
 */
export function AccountDetails({ walletId }: { walletId: number | null }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const wallets = useWallets();
  const toast = useToast();
  const wallet = wallets.data?.find((w) => w.id === walletId) ?? null;
  const ids = useMemo(() => (wallet ? [wallet.id] : null), [wallet]);
  const feed = useHistoryFeed(ids);

  if (wallets.error) {
    return <Message text={t.bank.loadFailed} alert onRetry={() => void wallets.mutate()} />;
  }
  if (!wallets.data) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton height={120} radius={14} />
        <HistorySkeleton />
      </div>
    );
  }
  if (!wallet) return <Message text={t.bank.account.notFound} alert />;

  const info = CURRENCY_INFO[wallet.currency];
  async function copy(number: string) {
    try {
      await navigator.clipboard.writeText(number);
      hapticSuccess();
      toast.success(t.bank.account.copied);
    } catch {
      hapticError();
      toast.error(t.bank.account.copyFailed);
    }
  }

  return (
    <div className="stack">
      <section className="section account-card" aria-label={t.currencies[wallet.currency]}>
        <span className="account-symbol" aria-hidden="true">
          {info.symbol}
        </span>
        <div className="hint">{t.currencies[wallet.currency]}</div>
        <div className="account-card-balance" data-testid="account-balance">
          {formatMoney(wallet.balance, wallet.currency, language)}
        </div>
        <div className="account-card-number">
          <span className="hint">{t.bank.account.number}</span>
          <span className="account-number" data-testid="account-number">
            {groupAccountNumber(wallet.number)}
          </span>
        </div>
        <Button variant="secondary" onClick={() => void copy(wallet.number)}>
          {t.bank.account.copy}
        </Button>
      </section>
      <AccountActions wallet={wallet} />
      <div className="tab-title-row">
        <h2 className="section-title">{t.bank.account.history}</h2>
        {feed.transfers && <RefreshButton feed={feed} />}
      </div>
      {feed.error ? (
        <Message text={t.history.loadFailed} alert onRetry={() => void feed.refresh()} />
      ) : feed.transfers && ids ? (
        <HistoryDays feed={{ ...feed, transfers: feed.transfers }} ownWalletIds={ids} />
      ) : (
        <HistorySkeleton />
      )}
      <Toast toast={toast} />
    </div>
  );
}
