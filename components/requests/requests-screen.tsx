"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Screen } from "@/components/screen";
import { AmountField } from "@/components/transfer/amount-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/client/date";
import { cancelRequest, createRequest, MY_REQUESTS, requestLinkFor, shareLink, useMyRequests } from "@/lib/client/requests";
import { telegramBotLink } from "@/lib/client/ton/config";
import { CURRENCIES, CURRENCY_INFO, formatMoney, parseAmount, toSafeNumber, type Currency } from "@/lib/shared/money";
import type { PaymentRequestDto } from "@/lib/shared/schemas/requests";
import { fill } from "@/lib/shared/strings";
import { cleanMessageInput } from "@/lib/shared/transfer-message";
import { hasFeature } from "@/lib/client/telegram/features";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useSWRConfig } from "swr";
import { useLanguage, useStrings } from "@/lib/client/language";

// qrcode.react is needed only once a link exists.
const RequestQr = dynamic(() => import("@/components/requests/request-qr").then((m) => m.RequestQr), {
  ssr: false,
  loading: () => <Skeleton width={224} height={224} radius={12} />,
});

const OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} ${CURRENCY_INFO[code].symbol}` }));

function linkOf(token: string): string {
  return requestLinkFor(token, telegramBotLink(), window.location.origin);
}

/** One of my requests: amount, status, when it expires or was paid, and "Отменить" while pending. */
function RequestRow({ request, onCancel }: { request: PaymentRequestDto; onCancel: (token: string) => void }) {
  const ru = useStrings();
  const language = useLanguage();
  const when =
    request.status === "paid" && request.paidAt
      ? formatDateTime(request.paidAt, language)
      : fill(ru.requests.expiresAt, { date: formatDateTime(request.expiresAt, language) });
  return (
    <li className="list-item request-row" data-testid="request-row">
      <span className="list-item-text">
        <span className="list-item-title">{formatMoney(request.amount, request.currency, language)}</span>
        <span className="list-item-subtitle">{when}</span>
        {request.message && <span className="list-item-subtitle history-message">{request.message}</span>}
      </span>
      <span className="list-item-after">
        <span className={`request-status request-${request.status}`}>{ru.requests.status[request.status]}</span>
        {request.status === "pending" && (
          <Button variant="secondary" fullWidth={false} onClick={() => onCancel(request.token)}>
            {ru.requests.cancel}
          </Button>
        )}
      </span>
    </li>
  );
}

/**
 * "Запросить деньги": currency, amount and an optional message make a request; its link (the
 * bot's `startapp` link when configured) is shown as a QR code and shared — Telegram's share sheet
 * inside Telegram, Web Share or a copy outside. Below, my requests with their status.
 */
export function RequestsScreen() {
  const ru = useStrings();
  const language = useLanguage();
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const mine = useMyRequests();
  const [currency, setCurrency] = useState<Currency>("RUB");
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [shake, setShake] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<PaymentRequestDto | null>(null);

  async function create() {
    const minor = parseAmount(amount);
    if (minor === null) {
      setAmountError(ru.validation.invalidAmount);
      setShake((n) => n + 1);
      toast.error(ru.validation.invalidAmount);
      return;
    }
    setSubmitting(true);
    try {
      setCreated(await createRequest({ currency, amount: toSafeNumber(minor), message: message.trim() || null }));
      void mutate(MY_REQUESTS);
    } catch (error) {
      toast.error(ru.transfer.errorPrefix + errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  // Inside Telegram a request goes to a chat (the chat picker, 9.6, or a prepared message, 8.0),
  // and the plain link stays one tap away; elsewhere the link is what is shared.
  const telegram = useLoadedTelegram();
  const toChat = Boolean(telegram?.native && (hasFeature(telegram, "requestChat") || hasFeature(telegram, "shareMessage")));

  async function share(request: PaymentRequestDto, asRequest: boolean) {
    const text = fill(ru.requests.shareText, { amount: formatMoney(request.amount, request.currency, language) });
    const outcome = await shareLink(linkOf(request.token), text, asRequest ? request.token : undefined);
    if (outcome === "chat") toast.success(ru.telegram.chat.sent);
    if (outcome === "copied") toast.success(ru.requests.copied);
    if (outcome === "failed") toast.error(ru.requests.shareFailed);
  }

  async function cancel(token: string) {
    try {
      await cancelRequest(token);
      toast.success(ru.requests.cancelled);
      if (created?.token === token) setCreated(null);
    } catch (error) {
      toast.error(ru.transfer.errorPrefix + errorMessage(error));
    }
    void mutate(MY_REQUESTS);
  }

  return (
    <Screen title={ru.requests.title} back="/bank">
      {created ? (
        <section className="stack" aria-label={ru.requests.created}>
          <p className="receipt-success" role="status">
            {ru.requests.created}
          </p>
          <RequestQr link={linkOf(created.token)} amount={formatMoney(created.amount, created.currency, language)} />
          <Button onClick={() => void share(created, true)}>{toChat ? ru.telegram.chat.send : ru.requests.share}</Button>
          {toChat && (
            <Button variant="secondary" onClick={() => void share(created, false)}>
              {ru.requests.share}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              setCreated(null);
              setAmount("");
              setMessage("");
            }}
          >
            {ru.requests.newRequest}
          </Button>
        </section>
      ) : (
        <Form onSubmit={() => void create()}>
          <Segmented label={ru.requests.currency} options={OPTIONS} value={currency} onChange={setCurrency} />
          <AmountField
            label={ru.requests.amount}
            value={amount}
            error={amountError}
            shakeKey={shake}
            onChange={(value) => {
              setAmount(value);
              setAmountError(null);
            }}
          />
          <TextField
            label={ru.requests.messageLabel}
            placeholder={ru.transferMessage.placeholder}
            value={message}
            autoComplete="off"
            onChange={(event) => setMessage(cleanMessageInput(event.target.value))}
          />
          <PrimaryAction
            type="submit"
            label={submitting ? ru.requests.creating : ru.requests.create}
            onPress={() => void create()}
            disabled={!amount}
            loading={submitting}
          />
        </Form>
      )}
      <section className="stack" aria-labelledby="my-requests">
        <h2 id="my-requests" className="section-title">
          {ru.requests.mine}
        </h2>
        {mine.error ? (
          <p className="inline-error" role="alert">
            {ru.bank.loadFailed}
          </p>
        ) : !mine.data ? (
          <Skeleton height={120} radius={14} />
        ) : mine.data.length === 0 ? (
          <p className="hint centered empty-state">{ru.requests.none}</p>
        ) : (
          <ul className="section history">
            {mine.data.map((request) => (
              <RequestRow key={request.token} request={request} onCancel={(token) => void cancel(token)} />
            ))}
          </ul>
        )}
      </section>
      <Toast toast={toast} />
    </Screen>
  );
}
