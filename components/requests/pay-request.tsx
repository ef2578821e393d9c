"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { Screen } from "@/components/screen";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Avatar } from "@/components/ui/avatar";
import { Details } from "@/components/ui/details";
import { Form } from "@/components/ui/form";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/client/api";
import { exchangeQuote } from "@/lib/client/exchange/quote";
import { useRate, useWallets } from "@/lib/client/hooks";
import { payRequest, requestKey, useRequest } from "@/lib/client/requests";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useVerticalSwipesOff } from "@/lib/client/telegram/use-swipes-off";
import { formatMoney, minorToDecimal } from "@/lib/shared/money";
import type { Language } from "@/lib/shared/languages";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import { fill } from "@/lib/shared/strings";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import "@/components/transfer/receipt-view.css";
import "@/components/transfer/transfer-quote.css";
import "./requests.css";

/** What paying `request` from `wallet` takes from it: converted across currencies, at the rate shown. */
function usePaymentQuote(request: PaymentRequestDto, wallet: WalletDto | null) {
  const language = useFeatureLanguage();
  const fromRate = useRate(wallet?.currency ?? "RUB");
  const toRate = useRate(request.currency);
  const quote = wallet
    ? exchangeQuote({
        side: "get",
        typed: minorToDecimal(request.amount),
        from: wallet.currency,
        to: request.currency,
        fromRate: fromRate.data?.value,
        toRate: toRate.data?.value,
        language,
      })
    : null;
  const cross = wallet !== null && wallet.currency !== request.currency;
  const debit = !wallet ? null : cross ? (quote?.give ?? null) : BigInt(request.amount);
  return { cross, debit, rate: quote?.rates?.[0] ?? null };
}

/** What the confirmation sheet says of paying the request. */
function paymentSummary(
  request: PaymentRequestDto,
  wallet: WalletDto,
  { cross, debit, rate }: ReturnType<typeof usePaymentQuote> & { debit: bigint },
  language: Language,
): TransferSummary {
  return {
    recipientName: request.requester.name,
    recipientAvatar: request.requester.avatarUrl,
    account: "",
    debit: formatMoney(debit, wallet.currency, language),
    credit: cross ? formatMoney(request.amount, request.currency, language) : null,
    rate: cross ? rate : null,
    fee: formatMoney(0, wallet.currency, language),
    message: request.message,
  };
}

/** Paying one request: from which account, what leaves it, then the confirmation sheet. */
function PayForm({ request, token }: { request: PaymentRequestDto; token: string }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const native = useLoadedTelegram()?.native ?? false;
  useVerticalSwipesOff(true);
  const wallets = useWallets();
  const { submit, submitting } = useMoneySubmit({ toast });
  const [chosen, setChosen] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  const list = wallets.data ?? [];
  const wallet = list.find((w) => w.id === chosen) ?? list.find((w) => w.currency === request.currency) ?? list[0] ?? null;
  const payment = usePaymentQuote(request, wallet);
  const { cross, debit } = payment;

  async function send() {
    if (!wallet) return;
    await submit({
      send: (key) => payRequest(token, { walletId: wallet.id }, key),
      receipt: (transfer) => transfer.id,
      onFailure: () => {
        setConfirming(false);
        void mutate(requestKey(token));
      },
    });
  }

  const summary = confirming && wallet && debit !== null ? paymentSummary(request, wallet, { ...payment, debit }, language) : null;

  return (
    <Form onSubmit={() => setConfirming(true)}>
      <section className="stack" aria-label={t.requests.payFrom}>
        <h2 className="section-title">{t.requests.payFrom}</h2>
        {wallets.data ? (
          <WalletPicker label={t.requests.payFrom} wallets={list} selectedId={wallet?.id ?? null} onSelect={(w) => setChosen(w.id)} />
        ) : (
          <Skeleton height={224} radius={14} />
        )}
      </section>
      {cross && wallet && (
        <div className="transfer-quote" role="status" aria-live="polite">
          <Details
            rows={[
              [t.confirm.debit, debit !== null ? formatMoney(debit, wallet.currency, language) : t.common.loading],
              [t.confirm.rate, payment.rate ?? t.common.loading],
            ]}
          />
        </div>
      )}
      <PrimaryAction
        type="submit"
        label={native && summary ? t.confirm.submit : submitting ? t.requests.paying : t.requests.pay}
        onPress={native && summary ? () => void send() : () => setConfirming(true)}
        disabled={!wallet || debit === null}
        loading={submitting}
      />
      {summary && (
        <ConfirmSheet
          title={t.requests.confirmTitle}
          summary={summary}
          submitting={submitting}
          showConfirm={!native}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      )}
      <Toast toast={toast} />
    </Form>
  );
}

/** The payer's screen for a request link: who asks for what; pays it through the usual confirmation. */
export function PayRequestScreen({ token }: { token: string | null }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const request = useRequest(token);
  let body;
  if (!token || request.error) {
    const missing = !token || (request.error instanceof ApiError && request.error.status < 500);
    body = (
      <p className="inline-error" role="alert">
        {missing ? t.requests.notFound : t.requests.loadFailed}
      </p>
    );
  } else if (!request.data) {
    body = <Skeleton height={320} radius={14} />;
  } else {
    const data = request.data;
    body = (
      <div className="stack">
        <section className="section receipt" aria-label={t.requests.payTitle}>
          <Avatar src={data.requester.avatarUrl} name={data.requester.name} size={56} />
          <div className="receipt-kind">{fill(t.requests.asks, { name: data.requester.name })}</div>
          <div className="receipt-amount">{formatMoney(data.amount, data.currency, language)}</div>
          {data.message && <p className="request-message" data-user-text>{data.message}</p>}
          {data.status !== "pending" && (
            <div className={`request-status request-${data.status}`} role="status">
              {t.requests.status[data.status]}
            </div>
          )}
        </section>
        {data.own ? (
          <p className="hint centered">{t.requests.ownRequest}</p>
        ) : (
          data.status === "pending" && <PayForm request={data} token={token} />
        )}
      </div>
    );
  }
  return (
    <Screen title={t.requests.payTitle} back="/bank">
      {body}
    </Screen>
  );
}
