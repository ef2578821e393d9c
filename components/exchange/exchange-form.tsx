"use client";

import { useState, type FocusEvent } from "react";
import { ExchangeAccounts } from "@/components/exchange/exchange-accounts";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { Screen } from "@/components/screen";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { Details } from "@/components/ui/details";
import { Form } from "@/components/ui/form";
import { IconChevron } from "@/components/ui/icons";
import { ListItem } from "@/components/ui/list-item";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { amountText, exchangeQuote, type ExchangeSide } from "@/lib/client/exchange/quote";
import { useRate, useWallets } from "@/lib/client/hooks";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useVerticalSwipesOff } from "@/lib/client/telegram/use-swipes-off";
import { createExchange } from "@/lib/client/exchange/submit";
import { maskAccountNumber } from "@/lib/shared/account-number";
import type { Language } from "@/lib/shared/languages";
import { formatMoney, toSafeNumber } from "@/lib/shared/money";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import type { ScreenStrings } from "@/lib/shared/languages";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import "@/components/transfer/transfer-quote.css";

/** The first own wallet that is not `other`, preferring `wanted`. */
function pick(wallets: readonly WalletDto[], wanted: number | null, other: WalletDto | null): WalletDto | null {
  const usable = wallets.filter((w) => w.id !== other?.id);
  return usable.find((w) => w.id === wanted) ?? usable[0] ?? null;
}

/**
 * What the exchange form holds: the two accounts, the amount typed on either side (what I give
 * or what I get) and the other side computed from it. Every change calls `edited`: a new exchange.
 */
function useExchangeDraft(wallets: readonly WalletDto[], initialFromId: number | null, edited: () => void) {
  const language = useFeatureLanguage();
  const [fromId, setFromId] = useState<number | null>(initialFromId);
  const [toId, setToId] = useState<number | null>(null);
  const [side, setSide] = useState<ExchangeSide>("give");
  const amount = useAmountInput();
  const from = pick(wallets, fromId, null);
  const to = pick(wallets, toId, from);
  const fromRate = useRate(from?.currency ?? "RUB");
  const toRate = useRate(to?.currency ?? "RUB");
  const quote =
    from && to
      ? exchangeQuote({ side, typed: amount.value, from: from.currency, to: to.currency, fromRate: fromRate.data?.value, toRate: toRate.data?.value, language })
      : null;

  function changed() {
    edited();
    amount.clearError();
  }

  return {
    from,
    to,
    side,
    amount,
    quote,
    chooseFrom(wallet: WalletDto) {
      setFromId(wallet.id);
      if (wallet.id === to?.id) setToId(from?.id ?? null);
      changed();
    },
    chooseTo(wallet: WalletDto) {
      setToId(wallet.id);
      changed();
    },
    swap() {
      setFromId(to?.id ?? null);
      setToId(from?.id ?? null);
      changed();
    },
    type(nextSide: ExchangeSide, value: string) {
      setSide(nextSide);
      amount.change(value);
      edited();
    },
  };
}

type ExchangeDraft = ReturnType<typeof useExchangeDraft>;

/** What the confirmation sheet says of the exchange; null until both sides are known. */
function exchangeSummary({ from, to, quote }: ExchangeDraft, t: ScreenStrings, language: Language): TransferSummary | null {
  if (!from || !to || !quote?.give || !quote.get) return null;
  return {
    recipientName: t.exchange.ownAccounts,
    ownAccounts: true,
    account: maskAccountNumber(to.number),
    debit: formatMoney(quote.give, from.currency, language),
    credit: formatMoney(quote.get, to.currency, language),
    rate: quote.rates?.[0] ?? null,
    fee: formatMoney(0, from.currency, language),
  };
}

/**
 * Both amounts, each typed or computed from the other, then the rate both ways and the fee, live.
 * Typing in either field brings the pair and the rate into view together (above the screen's
 * action, scroll-padding): what I get shows while I type what I give, not under "Обменять".
 */
function ExchangeAmounts({ draft, from, to }: { draft: ExchangeDraft; from: WalletDto; to: WalletDto }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const { side, amount, quote } = draft;
  const inView = (event: FocusEvent<HTMLDivElement>) => {
    if ("scrollIntoView" in event.currentTarget) event.currentTarget.scrollIntoView({ block: "nearest" });
  };
  return (
    <div className="stack" data-testid="exchange-amounts" onFocus={inView}>
      <AmountField
        label={`${t.exchange.give}, ${from.currency}`}
        value={side === "give" ? amount.value : amountText(quote?.give ?? null)}
        error={side === "give" ? amount.error : null}
        shakeKey={side === "give" ? amount.shakeKey : undefined}
        onChange={(value) => draft.type("give", value)}
      />
      <AmountField
        label={`${t.exchange.get}, ${to.currency}`}
        value={side === "get" ? amount.value : amountText(quote?.get ?? null)}
        error={side === "get" ? amount.error : null}
        shakeKey={side === "get" ? amount.shakeKey : undefined}
        onChange={(value) => draft.type("get", value)}
      />
      <div className="transfer-quote" role="status" aria-live="polite">
        <Details
          rows={[
            [t.exchange.rates, quote?.rates?.[0] ?? t.common.loading],
            ...(quote?.rates ? ([[t.exchange.rateBack, quote.rates[1]]] as [string, string][]) : []),
            [t.exchange.fee, formatMoney(0, from.currency, language)],
          ]}
        />
      </div>
    </div>
  );
}

/**
 * Exchange between the user's own accounts: from and to, the amount typed on either side (what I
 * give or what I get) with the other side, the rate both ways and the fee shown live, then the
 * confirmation sheet; success opens the receipt. `initialFromId`: opened from an account's page.
 */
export function ExchangeForm({ initialFromId = null }: { initialFromId?: number | null }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const toast = useToast();
  const native = useLoadedTelegram()?.native ?? false;
  useVerticalSwipesOff(true);
  const wallets = useWallets();
  const money = useMoneySubmit({ toast });
  const draft = useExchangeDraft(wallets.data ?? [], initialFromId, money.idempotency.reset);
  const [confirming, setConfirming] = useState(false);
  const { from, to, quote } = draft;

  function review() {
    if (!from || !to || money.submitting) return;
    if (!quote?.give || !quote.get) {
      draft.amount.reject(t.validation.invalidAmount);
      toast.error(t.validation.invalidAmount);
      return;
    }
    hideKeyboard();
    setConfirming(true);
  }

  async function send() {
    if (!from || !to || !quote?.give || !quote.get) return;
    const amounts = draft.side === "give" ? { amount: toSafeNumber(quote.give) } : { receivedAmount: toSafeNumber(quote.get) };
    await money.submit({
      send: (key) => createExchange({ fromWalletId: from.id, toWalletId: to.id, ...amounts }, key),
      receipt: (done) => done.id,
      onFailure: () => setConfirming(false),
    });
  }

  const summary = confirming ? exchangeSummary(draft, t, language) : null;
  let body;
  if (wallets.error) body = <p className="inline-error" role="alert">{t.bank.loadFailed}</p>;
  else if (!wallets.data) body = <Skeleton height={320} radius={14} />;
  else if (!from || !to) body = <p className="hint centered empty-state">{t.exchange.needTwo}</p>;
  else {
    body = (
      <Form onSubmit={review}>
        <ExchangeAccounts wallets={wallets.data} from={from} to={to} onFrom={draft.chooseFrom} onTo={draft.chooseTo} onSwap={draft.swap} />
        <ExchangeAmounts draft={draft} from={from} to={to} />
        <PrimaryAction
          type="submit"
          label={native && summary ? t.confirm.submit : money.submitting ? t.transfer.submitting : t.exchange.submit}
          onPress={native && summary ? () => void send() : review}
          disabled={!draft.amount.value}
          loading={money.submitting}
        />
        {summary && (
          <ConfirmSheet
            title={t.exchange.confirmTitle}
            summary={summary}
            submitting={money.submitting}
            showConfirm={!native}
            onConfirm={() => void send()}
            onCancel={() => setConfirming(false)}
          />
        )}
      </Form>
    );
  }

  return (
    <Screen title={t.exchange.title} back={confirming ? () => setConfirming(false) : "/bank"}>
      {body}
      {!confirming && (
        <nav className="section" aria-label={t.orders.open}>
          <ListItem href="/orders" title={t.orders.open} subtitle={t.orders.title} after={<IconChevron />} />
        </nav>
      )}
      <Toast toast={toast} />
    </Screen>
  );
}
