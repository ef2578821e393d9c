"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Screen } from "@/components/screen";
import { AmountField } from "@/components/transfer/amount-field";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Button } from "@/components/ui/button";
import { Details } from "@/components/ui/details";
import { Form } from "@/components/ui/form";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { amountText, exchangeQuote, type ExchangeSide } from "@/lib/client/exchange/quote";
import { useRate, useWallets } from "@/lib/client/hooks";
import { hapticError, hapticSelection, hapticSuccess } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram, useVerticalSwipesOff } from "@/lib/client/telegram/provider";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { createExchange, isMoneyKey, outcomeUnknown, wasRefused } from "@/lib/client/transfer/submit";
import { maskAccountNumber } from "@/lib/shared/account-number";
import { formatMoney, toSafeNumber } from "@/lib/shared/money";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import { useLanguage, useStrings } from "@/lib/client/language";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";

/** The first own wallet that is not `other`, preferring `wanted`. */
function pick(wallets: readonly WalletDto[], wanted: number | null, other: WalletDto | null): WalletDto | null {
  const usable = wallets.filter((w) => w.id !== other?.id);
  return usable.find((w) => w.id === wanted) ?? usable[0] ?? null;
}

/**
 * Exchange between the user's own accounts: from and to, the amount typed on either side (what I
 * give or what I get) with the other side, the rate both ways and the fee shown live, then the
 * confirmation sheet; success opens the receipt. `initialFromId`: opened from an account's page.
 */
export function ExchangeForm({ initialFromId = null }: { initialFromId?: number | null }) {
  const ru = useStrings();
  const language = useLanguage();
  const router = useRouter();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const native = useLoadedTelegram()?.native ?? false;
  useVerticalSwipesOff(true);
  const wallets = useWallets();
  const idempotency = useIdempotencyKey();
  const [fromId, setFromId] = useState<number | null>(initialFromId);
  const [toId, setToId] = useState<number | null>(null);
  const [side, setSide] = useState<ExchangeSide>("give");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [shake, setShake] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const list = wallets.data ?? [];
  const from = pick(list, fromId, null);
  const to = pick(list, toId, from);
  const fromRate = useRate(from?.currency ?? "RUB");
  const toRate = useRate(to?.currency ?? "RUB");
  const quote =
    from && to
      ? exchangeQuote({ side, typed, from: from.currency, to: to.currency, fromRate: fromRate.data?.value, toRate: toRate.data?.value })
      : null;

  function edited() {
    idempotency.reset();
    setError(null);
  }

  function type(nextSide: ExchangeSide, value: string) {
    setSide(nextSide);
    setTyped(value);
    edited();
  }

  function review() {
    if (!from || !to || submitting) return;
    if (!quote?.give || !quote.get) {
      setError(ru.validation.invalidAmount);
      setShake((n) => n + 1);
      toast.error(ru.validation.invalidAmount);
      return;
    }
    hideKeyboard();
    setConfirming(true);
  }

  async function send() {
    if (!from || !to || !quote?.give || !quote.get || submitting) return;
    setSubmitting(true);
    try {
      const amounts = side === "give" ? { amount: toSafeNumber(quote.give) } : { receivedAmount: toSafeNumber(quote.get) };
      const done = await createExchange({ fromWalletId: from.id, toWalletId: to.id, ...amounts }, idempotency.current());
      idempotency.reset();
      hapticSuccess();
      void mutate(isMoneyKey);
      router.push(`/receipt/${done.id}?new=1`);
    } catch (failure) {
      if (wasRefused(failure)) idempotency.reset();
      hapticError();
      setConfirming(false);
      toast.error(outcomeUnknown(failure) ? ru.transfer.outcomeUnknown : ru.transfer.errorPrefix + errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  }

  const summary: TransferSummary | null =
    confirming && from && to && quote?.give && quote.get
      ? {
          recipientName: ru.exchange.ownAccounts,
          account: maskAccountNumber(to.number),
          debit: formatMoney(quote.give, from.currency, language),
          credit: formatMoney(quote.get, to.currency, language),
          rate: quote.rates?.[0] ?? null,
          fee: formatMoney(0, from.currency, language),
        }
      : null;

  let body;
  if (wallets.error) body = <p className="inline-error" role="alert">{ru.bank.loadFailed}</p>;
  else if (!wallets.data) body = <Skeleton height={320} radius={14} />;
  else if (!from || !to) body = <p className="hint centered empty-state">{ru.exchange.needTwo}</p>;
  else {
    body = (
      <Form onSubmit={review}>
        <section className="stack" aria-label={ru.exchange.fromAccount}>
          <h2 className="section-title">{ru.exchange.fromAccount}</h2>
          <WalletPicker
            label={ru.exchange.fromAccount}
            wallets={list}
            selectedId={from.id}
            onSelect={(wallet) => {
              hapticSelection();
              setFromId(wallet.id);
              if (wallet.id === to.id) setToId(from.id);
              edited();
            }}
          />
        </section>
        <Button
          variant="secondary"
          onClick={() => {
            setFromId(to.id);
            setToId(from.id);
            edited();
          }}
        >
          {ru.exchange.swap}
        </Button>
        <section className="stack" aria-label={ru.exchange.toAccount}>
          <h2 className="section-title">{ru.exchange.toAccount}</h2>
          <WalletPicker
            label={ru.exchange.toAccount}
            wallets={list.filter((w) => w.id !== from.id)}
            selectedId={to.id}
            onSelect={(wallet) => {
              hapticSelection();
              setToId(wallet.id);
              edited();
            }}
          />
        </section>
        <AmountField
          label={`${ru.exchange.give}, ${from.currency}`}
          value={side === "give" ? typed : amountText(quote?.give ?? null)}
          error={side === "give" ? error : null}
          shakeKey={side === "give" ? shake : undefined}
          onChange={(value) => type("give", value)}
        />
        <AmountField
          label={`${ru.exchange.get}, ${to.currency}`}
          value={side === "get" ? typed : amountText(quote?.get ?? null)}
          error={side === "get" ? error : null}
          shakeKey={side === "get" ? shake : undefined}
          onChange={(value) => type("get", value)}
        />
        <div className="transfer-quote" role="status" aria-live="polite">
          <Details
            rows={[
              [ru.exchange.rates, quote?.rates?.[0] ?? ru.common.loading],
              ...(quote?.rates ? ([[ru.exchange.rateBack, quote.rates[1]]] as [string, string][]) : []),
              [ru.exchange.fee, formatMoney(0, from.currency, language)],
            ]}
          />
        </div>
        <PrimaryAction
          type="submit"
          label={native && summary ? ru.confirm.submit : submitting ? ru.transfer.submitting : ru.exchange.submit}
          onPress={native && summary ? () => void send() : review}
          disabled={!typed}
          loading={submitting}
        />
        {summary && (
          <ConfirmSheet
            title={ru.exchange.confirmTitle}
            summary={summary}
            submitting={submitting}
            showConfirm={!native}
            onConfirm={() => void send()}
            onCancel={() => setConfirming(false)}
          />
        )}
      </Form>
    );
  }

  return (
    <Screen title={ru.exchange.title} back={confirming ? () => setConfirming(false) : "/bank"}>
      {body}
      <Toast toast={toast} />
    </Screen>
  );
}
