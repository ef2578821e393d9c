"use client";

import { useState } from "react";
import { AmountField } from "@/components/money/amount-field";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { TransferParties } from "@/components/transfer/transfer-parties";
import { TransferQuote } from "@/components/transfer/transfer-quote";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Button } from "@/components/ui/button";
import { SchedulePanel } from "@/components/schedules/schedule-panel";
import { Toast, useToast } from "@/components/ui/toast";
import { useRate } from "@/lib/client/hooks";
import { exchangeRateText, receivedAmount } from "@/lib/client/transfer/conversion";
import type { IdempotencyKey } from "@/lib/client/transfer/idempotency";
import { recipientName } from "@/lib/client/transfer/recipient-name";
import { createTransfer } from "@/lib/client/transfer/submit";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { maskAccountNumber } from "@/lib/shared/account-number";
import type { Language } from "@/lib/shared/languages";
import { formatMoney, parseAmount, toSafeNumber } from "@/lib/shared/money";
import type { PublicUserDto } from "@/lib/shared/schemas/users";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { cleanMessageInput } from "@/lib/shared/transfer-message";
import { useFormLanguage, useFormStrings } from "@/lib/client/form-strings";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";

type AmountStepProps = {
  recipient: PublicUserDto | undefined;
  receiver: PublicWalletDto;
  sender: WalletDto | null;
  senderWallets: readonly WalletDto[] | undefined;
  sendersLoading: boolean;
  onSender: (wallet: WalletDto) => void;
  amount: string;
  onAmount: (value: string) => void;
  /** The optional message to the recipient, as typed. */
  message: string;
  onMessage: (value: string) => void;
  amountError: string | null;
  onAmountError: (text: string | null) => void;
  /** The confirmation sheet is open (the flow owns it, so Back can close it). */
  confirming: boolean;
  onConfirming: (open: boolean) => void;
  idempotency: IdempotencyKey;
  onSent: () => void;
};

/** What the typed amount is in minor units, and across currencies what arrives and at which rate. */
function useConversion(sender: WalletDto | null, receiver: PublicWalletDto, amount: string) {
  const language = useFormLanguage();
  const fromRate = useRate(sender?.currency ?? "RUB").data?.value;
  const toRate = useRate(receiver.currency).data?.value;
  const minor = parseAmount(amount);
  const crossCurrency = sender !== null && sender.currency !== receiver.currency;
  const converted =
    sender && minor !== null && crossCurrency ? receivedAmount(minor, sender.currency, receiver.currency, fromRate, toRate) : null;
  const rate = sender ? exchangeRateText(sender.currency, receiver.currency, fromRate, toRate, language) : null;
  return { minor, crossCurrency, converted, rate, fromRate };
}

type Conversion = ReturnType<typeof useConversion>;

/** What the confirmation sheet says of the transfer. */
function transferSummary(
  { recipient, receiver, sender, note }: { recipient: PublicUserDto | undefined; receiver: PublicWalletDto; sender: WalletDto; note: string },
  { minor, converted, rate }: Conversion & { minor: bigint },
  name: string,
  language: Language,
): TransferSummary {
  return {
    recipientName: name,
    recipientAvatar: recipient?.avatarUrl,
    account: maskAccountNumber(receiver.number),
    debit: formatMoney(minor, sender.currency, language),
    credit: converted !== null ? formatMoney(converted, receiver.currency, language) : null,
    rate,
    fee: formatMoney(0, sender.currency, language),
    message: note || null,
  };
}

/** Under the amount, across currencies: what the recipient gets, at which rate and fee. */
function CrossCurrencyQuote({ sender, receiver, conversion }: { sender: WalletDto; receiver: PublicWalletDto; conversion: Conversion }) {
  const language = useFormLanguage();
  const { converted, rate } = conversion;
  return (
    <TransferQuote
      credit={converted !== null ? formatMoney(converted, receiver.currency, language) : null}
      rate={rate}
      fee={formatMoney(0, sender.currency, language)}
    />
  );
}

/**
 * The app lock's say before money leaves inside Telegram (a convenience of this device; the
 * server does not rely on it): null to go on, else why not.
 */
async function appLockHold(telegram: TelegramEnv | null, rubles: bigint | null, refused: string): Promise<string | null> {
  if (!telegram?.native) return null;
  const { transferAllowed } = await import("@/lib/client/telegram/app-lock");
  return (await transferAllowed(telegram, rubles)) ? null : refused;
}

/**
 * The step's two actions: "Перевести" checks the amount and opens the sheet (nothing is sent yet);
 * "Подтвердить" sends, behind the app lock inside Telegram.
 */
function useTransferActions(props: AmountStepProps, conversion: Conversion, toast: ReturnType<typeof useToast>) {
  const t = useFormStrings();
  const { receiver, sender, message, idempotency } = props;
  const { minor } = conversion;
  const [shake, setShake] = useState(0);
  const telegram = useLoadedTelegram();
  const { submit, submitting } = useMoneySubmit({ toast, idempotency });

  /** Checks the amount and shows what will happen; nothing is sent yet. */
  function review() {
    if (!sender || submitting) return;
    if (minor === null) {
      props.onAmountError(t.validation.invalidAmount);
      setShake((n) => n + 1);
      toast.error(t.validation.invalidAmount);
      return;
    }
    hideKeyboard();
    props.onConfirming(true);
  }

  async function send() {
    if (!sender || minor === null) return;
    const note = message.trim();
    await submit({
      hold: () => appLockHold(telegram, receivedAmount(minor, sender.currency, "RUB", conversion.fromRate, 1), t.lock.failed),
      send: (key) =>
        createTransfer({ senderWalletId: sender.id, receiverWalletId: receiver.id, amount: toSafeNumber(minor), message: note || null }, key),
      receipt: (transfer) => transfer.id,
      onSuccess: props.onSent,
      onFailure: () => props.onConfirming(false),
    });
  }

  return { review, send, submitting, shake, native: telegram?.native ?? false };
}

/**
 * Step 2 of a transfer: from which account and how much; across currencies, what the recipient
 * gets, at which rate and fee, as the amount is typed. "Перевести" opens the confirmation sheet
 * (step 3); only its "Подтвердить" sends, and success opens the receipt.
 */
export function AmountStep(props: AmountStepProps) {
  const t = useFormStrings();
  const language = useFormLanguage();
  const { recipient, receiver, sender, amount, message, confirming } = props;
  const note = message.trim();
  const toast = useToast();
  const conversion = useConversion(sender, receiver, amount);
  const [scheduling, setScheduling] = useState(false);
  const { minor, crossCurrency } = conversion;
  const name = recipientName(recipient, language);
  const { review, send, submitting, shake, native } = useTransferActions(props, conversion, toast);

  const whole = sender && minor !== null ? transferSummary({ recipient, receiver, sender, note }, { ...conversion, minor }, name, language) : null;
  const summary = confirming ? whole : null;
  // A schedule converts at the rate of each run's day: its sheet names no rate and no credit yet.
  const scheduleSummary = scheduling && whole ? { ...whole, credit: null, rate: null } : null;

  return (
    // While the schedule panel is open, its own action is the screen's primary one (Enter sends nothing).
    <Form onSubmit={scheduling ? hideKeyboard : review}>
      <TransferParties
        name={name}
        avatarUrl={recipient?.avatarUrl}
        receiver={receiver}
        sender={sender}
        senderWallets={props.senderWallets}
        sendersLoading={props.sendersLoading}
        onSender={props.onSender}
      />

      <AmountField label={t.transfer.amount} value={amount} error={props.amountError} shakeKey={shake} onChange={props.onAmount} />
      <TextField
        label={t.transferMessage.label}
        placeholder={t.transferMessage.placeholder}
        value={message}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(event) => props.onMessage(cleanMessageInput(event.target.value))}
      />
      {sender && crossCurrency && <CrossCurrencyQuote sender={sender} receiver={receiver} conversion={conversion} />}

      {/* Inside Telegram the MainButton also confirms; in a browser the sheet has its own button. */}
      {!scheduling && (
        <PrimaryAction
          type="submit"
          label={native && summary ? t.confirm.submit : submitting ? t.transfer.submitting : t.transfer.submit}
          onPress={native && summary ? () => void send() : review}
          disabled={!sender || !amount}
          loading={submitting}
        />
      )}
      {!summary && (
        <Button variant="secondary" onClick={() => setScheduling((on) => !on)} aria-expanded={scheduling}>
          {scheduling ? t.transfer.scheduleOff : t.transfer.schedule}
        </Button>
      )}
      {scheduling && !summary && (
        <SchedulePanel
          senderWalletId={sender?.id ?? null}
          receiverWalletId={receiver.id}
          minor={minor}
          message={note || null}
          summary={scheduleSummary}
          toast={toast}
          onAmountError={props.onAmountError}
        />
      )}
      {summary && (
        <ConfirmSheet
          summary={summary}
          submitting={submitting}
          showConfirm={!native}
          onConfirm={() => void send()}
          onCancel={() => props.onConfirming(false)}
        />
      )}
      <Toast toast={toast} />
    </Form>
  );
}
