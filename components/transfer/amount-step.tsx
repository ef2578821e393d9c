"use client";

import { useState } from "react";
import { AmountField } from "@/components/money/amount-field";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { TransferQuote } from "@/components/transfer/transfer-quote";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Avatar } from "@/components/ui/avatar";
import { ListItem } from "@/components/ui/list-item";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { useRate } from "@/lib/client/hooks";
import { exchangeRateText, receivedAmount } from "@/lib/client/transfer/conversion";
import type { IdempotencyKey } from "@/lib/client/transfer/idempotency";
import { recipientName } from "@/lib/client/transfer/recipient-name";
import { createTransfer } from "@/lib/client/transfer/submit";
import { hapticSelection } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { maskAccountNumber } from "@/lib/shared/account-number";
import { formatMoney, parseAmount, toSafeNumber } from "@/lib/shared/money";
import type { PublicUserDto } from "@/lib/shared/schemas/users";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { cleanMessageInput } from "@/lib/shared/transfer-message";
import { useLanguage, useStrings } from "@/lib/client/language";

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

/**
 * Step 2 of a transfer: from which account and how much; across currencies, what the recipient
 * gets, at which rate and fee, as the amount is typed. "Перевести" opens the confirmation sheet
 * (step 3); only its "Подтвердить" sends, and success opens the receipt.
 */
export function AmountStep(props: AmountStepProps) {
  const ru = useStrings();
  const language = useLanguage();
  const { recipient, receiver, sender, amount, message, confirming, idempotency } = props;
  const note = message.trim();
  const [shake, setShake] = useState(0);
  const telegram = useLoadedTelegram();
  const native = telegram?.native ?? false;
  const toast = useToast();
  const { submit, submitting } = useMoneySubmit({ toast, idempotency });

  const fromRate = useRate(sender?.currency ?? "RUB");
  const toRate = useRate(receiver.currency);
  const minor = parseAmount(amount);
  const crossCurrency = sender !== null && sender.currency !== receiver.currency;
  const converted =
    sender && minor !== null && crossCurrency
      ? receivedAmount(minor, sender.currency, receiver.currency, fromRate.data?.value, toRate.data?.value)
      : null;
  const rate = sender ? exchangeRateText(sender.currency, receiver.currency, fromRate.data?.value, toRate.data?.value) : null;
  const name = recipientName(recipient, language);

  /** Checks the amount and shows what will happen; nothing is sent yet. */
  function review() {
    if (!sender || submitting) return;
    if (minor === null) {
      props.onAmountError(ru.validation.invalidAmount);
      setShake((n) => n + 1);
      toast.error(ru.validation.invalidAmount);
      return;
    }
    props.onConfirming(true);
  }

  async function send() {
    if (!sender || minor === null) return;
    await submit({
      hold: async () => {
        if (!telegram?.native) return null;
        // The app lock (a convenience of this device; the server does not rely on it).
        const { transferAllowed } = await import("@/lib/client/telegram/app-lock");
        const rubles = receivedAmount(minor, sender.currency, "RUB", fromRate.data?.value, 1);
        return (await transferAllowed(telegram, rubles)) ? null : ru.lock.failed;
      },
      send: (key) =>
        createTransfer({ senderWalletId: sender.id, receiverWalletId: receiver.id, amount: toSafeNumber(minor), message: note || null }, key),
      receipt: (transfer) => transfer.id,
      onSuccess: props.onSent,
      onFailure: () => props.onConfirming(false),
    });
  }

  const summary: TransferSummary | null =
    confirming && sender && minor !== null
      ? {
          recipientName: name,
          recipientAvatar: recipient?.avatarUrl,
          account: maskAccountNumber(receiver.number),
          debit: formatMoney(minor, sender.currency, language),
          credit: converted !== null ? formatMoney(converted, receiver.currency, language) : null,
          rate,
          fee: formatMoney(0, sender.currency, language),
          message: note || null,
        }
      : null;

  return (
    <Form onSubmit={review}>
      <div className="section" role="group" aria-label={ru.transfer.recipient}>
        <ListItem
          before={<Avatar src={recipient?.avatarUrl} name={name} size={40} />}
          title={name}
          subtitle={`${ru.currencies[receiver.currency]} ${maskAccountNumber(receiver.number)}`}
        />
      </div>

      <section className="stack" aria-label={ru.transfer.senderWallet}>
        <h2 className="section-title">{ru.transfer.senderWallet}</h2>
        {props.sendersLoading ? (
          <Skeleton height={224} radius={14} />
        ) : (
          <WalletPicker
            label={ru.transfer.senderWallet}
            wallets={props.senderWallets ?? []}
            selectedId={sender?.id ?? null}
            onSelect={(wallet) => {
              hapticSelection();
              props.onSender(wallet);
            }}
          />
        )}
      </section>

      <AmountField
        label={ru.transfer.amount}
        value={amount}
        error={props.amountError}
        shakeKey={shake}
        onChange={props.onAmount}
      />
      <TextField
        label={ru.transferMessage.label}
        placeholder={ru.transferMessage.placeholder}
        value={message}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(event) => props.onMessage(cleanMessageInput(event.target.value))}
      />
      {sender && crossCurrency && (
        <TransferQuote
          credit={converted !== null ? formatMoney(converted, receiver.currency, language) : null}
          rate={rate}
          fee={formatMoney(0, sender.currency, language)}
        />
      )}

      {/* Inside Telegram the MainButton also confirms; in a browser the sheet has its own button. */}
      <PrimaryAction
        type="submit"
        label={native && summary ? ru.confirm.submit : submitting ? ru.transfer.submitting : ru.transfer.submit}
        onPress={native && summary ? () => void send() : review}
        disabled={!sender || !amount}
        loading={submitting}
      />
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
