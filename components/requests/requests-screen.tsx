"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { Screen } from "@/components/screen";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast, type ToastController } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/date";
import { cancelRequest, createRequest, MY_REQUESTS, requestLinkFor, shareLink, useMyRequests } from "@/lib/client/requests";
import { telegramBotLink } from "@/lib/client/ton/config";
import { formatMoney, parseAmount, toSafeNumber, type Currency } from "@/lib/shared/money";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import { fill } from "@/lib/shared/strings";
import { cleanMessageInput } from "@/lib/shared/transfer-message";
import { hasFeature } from "@/lib/client/telegram/features";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useSWRConfig } from "swr";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import "@/components/bank/history-tab.css";
import "@/components/ui/button.css";
import "@/components/transfer/receipt-view.css";
import "./requests.css";

// qrcode.react is needed only once a link exists.
const QrFigure = dynamic(() => import("@/components/money/qr-figure").then((m) => m.QrFigure), {
  ssr: false,
  loading: () => <Skeleton width={224} height={224} radius={12} />,
});

function linkOf(token: string): string {
  return requestLinkFor(token, telegramBotLink(), window.location.origin);
}

/** One of my requests: amount, status, when it expires or was paid, and "Отменить" while pending. */
function RequestRow({ request, onCancel }: { request: PaymentRequestDto; onCancel: (token: string) => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const when =
    request.status === "paid" && request.paidAt
      ? formatDateTime(request.paidAt, language)
      : fill(t.requests.expiresAt, { date: formatDateTime(request.expiresAt, language) });
  return (
    <li className="list-item request-row" data-testid="request-row">
      <span className="list-item-text">
        <span className="list-item-title">{formatMoney(request.amount, request.currency, language)}</span>
        <span className="list-item-subtitle">{when}</span>
        {request.message && <span className="list-item-subtitle history-message" data-user-text title={request.message}>{request.message}</span>}
      </span>
      <span className="list-item-after">
        <span className={`request-status request-${request.status}`}>{t.requests.status[request.status]}</span>
        {request.status === "pending" && (
          <Button variant="secondary" fullWidth={false} onClick={() => onCancel(request.token)}>
            {t.requests.cancel}
          </Button>
        )}
      </span>
    </li>
  );
}

/**
 * A request just made: its link as a QR code, "Поделиться ссылкой" (Telegram's share sheet inside
 * Telegram, Web Share or a copy outside) and "Новый запрос".
 */
function CreatedRequest({ request, toast, onNew }: { request: PaymentRequestDto; toast: ToastController; onNew: () => void }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();

  // Inside Telegram a request goes to a chat (the chat picker, 9.6, or a prepared message, 8.0),
  // and the plain link stays one tap away; elsewhere the link is what is shared.
  const telegram = useLoadedTelegram();
  const toChat = Boolean(telegram?.native && (hasFeature(telegram, "requestChat") || hasFeature(telegram, "shareMessage")));

  async function share(asRequest: boolean) {
    const text = fill(t.requests.shareText, { amount: formatMoney(request.amount, request.currency, language) });
    const outcome = await shareLink(linkOf(request.token), text, asRequest ? request.token : undefined);
    if (outcome === "chat") toast.success(t.telegram.chat.sent);
    if (outcome === "copied") toast.success(t.requests.copied);
    if (outcome === "failed") toast.error(t.requests.shareFailed);
  }

  return (
    <section className="stack" aria-label={t.requests.created}>
      <p className="receipt-success" role="status">
        {t.requests.created}
      </p>
      <QrFigure
        link={linkOf(request.token)}
        name="request"
        label={fill(t.requests.qrLabel, { amount: formatMoney(request.amount, request.currency, language) })}
        linkLabel={t.requests.link}
      />
      <Button onClick={() => void share(true)}>{toChat ? t.telegram.chat.send : t.requests.share}</Button>
      {toChat && (
        <Button variant="secondary" onClick={() => void share(false)}>
          {t.requests.share}
        </Button>
      )}
      <Button variant="secondary" onClick={onNew}>
        {t.requests.newRequest}
      </Button>
    </section>
  );
}

/** "Мои запросы": each with its status, and "Отменить" while pending. */
function MyRequests({ onCancel }: { onCancel: (token: string) => void }) {
  const t = useAllStrings();
  const mine = useMyRequests();
  return (
    <section className="stack" aria-labelledby="my-requests">
      <h2 id="my-requests" className="section-title">
        {t.requests.mine}
      </h2>
      {mine.error ? (
        <p className="inline-error" role="alert">
          {t.bank.loadFailed}
        </p>
      ) : !mine.data ? (
        <Skeleton height={120} radius={14} />
      ) : mine.data.length === 0 ? (
        <p className="hint centered empty-state">{t.requests.none}</p>
      ) : (
        <ul className="section history">
          {mine.data.map((request) => (
            <RequestRow key={request.token} request={request} onCancel={onCancel} />
          ))}
        </ul>
      )}
    </section>
  );
}

type RequestFormProps = {
  amount: ReturnType<typeof useAmountInput>;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  message: string;
  onMessage: (message: string) => void;
  submitting: boolean;
  onCreate: () => void;
};

/** A new request: currency, amount and an optional message. */
function RequestForm({ amount, currency, onCurrency, message, onMessage, submitting, onCreate }: RequestFormProps) {
  const t = useAllStrings();
  return (
    <Form onSubmit={onCreate}>
      <AmountField
        label={t.requests.amount}
        value={amount.value}
        error={amount.error}
        shakeKey={amount.shakeKey}
        onChange={amount.change}
        currency={{ label: t.requests.currency, value: currency, onChange: onCurrency }}
      />
      <TextField
        label={t.requests.messageLabel}
        placeholder={t.transferMessage.placeholder}
        value={message}
        autoComplete="off"
        onChange={(event) => onMessage(cleanMessageInput(event.target.value))}
      />
      <PrimaryAction
        type="submit"
        label={submitting ? t.requests.creating : t.requests.create}
        onPress={onCreate}
        disabled={!amount.value}
        loading={submitting}
      />
    </Form>
  );
}

/**
 * "Запросить деньги": currency, amount and an optional message make a request; its link (the
 * bot's `startapp` link when configured) is shown as a QR code and shared — Telegram's share sheet
 * inside Telegram, Web Share or a copy outside. Below, my requests with their status.
 */
export function RequestsScreen() {
  const t = useAllStrings();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [currency, setCurrency] = useState<Currency>("RUB");
  const amount = useAmountInput();
  const [message, setMessage] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<PaymentRequestDto | null>(null);

  async function create() {
    const minor = parseAmount(amount.value);
    if (minor === null) {
      amount.reject(t.validation.invalidAmount);
      toast.error(t.validation.invalidAmount);
      return;
    }
    setSubmitting(true);
    try {
      setCreated(await createRequest({ currency, amount: toSafeNumber(minor), message: message.trim() || null }));
      void mutate(MY_REQUESTS);
    } catch (error) {
      toast.error(t.transfer.errorPrefix + errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  async function cancel(token: string) {
    try {
      await cancelRequest(token);
      toast.success(t.requests.cancelled);
      if (created?.token === token) setCreated(null);
    } catch (error) {
      toast.error(t.transfer.errorPrefix + errorMessage(error));
    }
    void mutate(MY_REQUESTS);
  }

  return (
    <Screen title={t.requests.title} back="/bank">
      {created ? (
        <CreatedRequest
          request={created}
          toast={toast}
          onNew={() => {
            setCreated(null);
            amount.change("");
            setMessage("");
          }}
        />
      ) : (
        <RequestForm
          amount={amount}
          currency={currency}
          onCurrency={setCurrency}
          message={message}
          onMessage={setMessage}
          submitting={submitting}
          onCreate={() => void create()}
        />
      )}
      <Link href="/splits" className="btn btn-secondary btn-full">
        {t.splits.entry}
      </Link>
      <MyRequests onCancel={(token) => void cancel(token)} />
      <Toast toast={toast} />
    </Screen>
  );
}
