"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { AmountField } from "@/components/transfer/amount-field";
import { ConfirmSheet, type TransferSummary } from "@/components/transfer/confirm-sheet";
import { RecipientStatus } from "@/components/transfer/recipient-status";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { Toast, useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useRate, useRecipient, useUserWallets, useWallets } from "@/lib/client/hooks";
import type { TransferMethod } from "@/lib/client/qr";
import { exchangeRateText, receivedAmount } from "@/lib/client/transfer/conversion";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { resolveSelection } from "@/lib/client/transfer/selection";
import { createTransfer, isMoneyKey, outcomeUnknown, wasRefused } from "@/lib/client/transfer/submit";
import { useDebounced } from "@/lib/client/transfer/use-debounced";
import { hapticError, hapticSelection, hapticSuccess } from "@/lib/client/telegram/haptics";
import { useClosingConfirmation, useLoadedTelegram } from "@/lib/client/telegram/provider";
import { maskAccountNumber } from "@/lib/shared/account-number";
import { formatMoney, parseAmount, sanitizeAmountInput, toSafeNumber } from "@/lib/shared/money";
import { ru } from "@/lib/shared/strings";

type TransferFormProps = {
  method: TransferMethod;
  initialTarget?: string;
  initialAmount?: string;
  /** The link's amount was not an amount: the field starts empty, with the error shown. */
  initialAmountRefused?: boolean;
  /** The sender's wallet chosen before the form (from an account's screen). */
  initialSenderId?: number | null;
};

const TARGET_INPUT: Record<TransferMethod, { type: string; inputMode: "numeric" | "email" | "text" }> = {
  card: { type: "text", inputMode: "numeric" },
  username: { type: "text", inputMode: "text" },
  email: { type: "email", inputMode: "email" },
};

/**
 * The transfer form (step 'form'): recipient lookup, the recipient's wallet, the sender's
 * wallet, the amount and — across currencies — what the recipient will get. "Перевести" opens
 * the confirmation sheet; only its "Подтвердить" sends, and success opens the receipt.
 */
export function TransferForm({
  method,
  initialTarget = "",
  initialAmount = "",
  initialAmountRefused = false,
  initialSenderId = null,
}: TransferFormProps) {
  const [target, setTarget] = useState(initialTarget);
  const [amount, setAmount] = useState(() => sanitizeAmountInput(initialAmount));
  const [chosenReceiverId, setChosenReceiverId] = useState<number | null>(null);
  const [chosenSenderId, setChosenSenderId] = useState<number | null>(initialSenderId);
  const [submitting, setSubmitting] = useState(false);
  const [summary, setSummary] = useState<TransferSummary | null>(null);
  const [sent, setSent] = useState(false);
  const native = useLoadedTelegram()?.native ?? false;
  const router = useRouter();
  // Typed input not yet sent: closing the app asks first.
  useClosingConfirmation(!sent && Boolean(target.trim() || amount));
  const [amountError, setAmountError] = useState<string | null>(initialAmountRefused ? ru.validation.invalidAmount : null);
  const [shake, setShake] = useState(0);
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const { mutate } = useSWRConfig();

  const query = useDebounced(target.trim());
  const recipient = useRecipient(method, query.length >= 3 ? query : null);
  const recipientWallets = useUserWallets(recipient.data?.id ?? null);
  const myWallets = useWallets();

  const { receiver, sender } = resolveSelection({
    method,
    target: query,
    recipientWallets: recipientWallets.data ?? [],
    senderWallets: myWallets.data ?? [],
    chosenReceiverId,
    chosenSenderId,
  });

  const fromRate = useRate(sender?.currency ?? "RUB");
  const toRate = useRate(receiver?.currency ?? "RUB");
  const minor = parseAmount(amount);
  const converted =
    sender && receiver && minor !== null && sender.currency !== receiver.currency
      ? receivedAmount(minor, sender.currency, receiver.currency, fromRate.data?.value, toRate.data?.value)
      : null;

  /** Any edit makes it a new form: a new idempotency key and no stale messages. */
  function edited() {
    idempotency.reset();
    setAmountError(null);
  }

  /** Checks the amount and shows what will happen; nothing is sent yet. */
  function review() {
    if (!sender || !receiver || submitting) return;
    const value = parseAmount(amount);
    if (value === null) {
      setAmountError(ru.validation.invalidAmount);
      setShake((n) => n + 1);
      toast.error(ru.validation.invalidAmount);
      return;
    }
    const person = recipient.data;
    const name = person?.telegramFirstName ?? person?.username ?? ru.common.unknown;
    setSummary({
      recipientName: name,
      recipientAvatar: person?.avatarUrl,
      account: maskAccountNumber(receiver.number),
      debit: formatMoney(value, sender.currency),
      credit: converted !== null ? formatMoney(converted, receiver.currency) : null,
      rate: exchangeRateText(sender.currency, receiver.currency, fromRate.data?.value, toRate.data?.value),
      fee: formatMoney(0, sender.currency),
    });
  }

  async function send() {
    const value = parseAmount(amount);
    if (!sender || !receiver || value === null || submitting) return;
    setSubmitting(true);
    try {
      const transfer = await createTransfer(
        { senderWalletId: sender.id, receiverWalletId: receiver.id, amount: toSafeNumber(value) },
        idempotency.current(),
      );
      idempotency.reset();
      setSent(true);
      hapticSuccess();
      void mutate(isMoneyKey);
      router.push(`/receipt/${transfer.id}?new=1`);
    } catch (error) {
      if (wasRefused(error)) idempotency.reset();
      hapticError();
      setSummary(null);
      toast.error(outcomeUnknown(error) ? ru.transfer.outcomeUnknown : ru.transfer.errorPrefix + errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  const canSubmit = Boolean(sender && receiver && amount);
  const recipientLoading = recipient.isLoading || (query !== target.trim() && target.trim().length >= 3);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <TextField
        label={ru.transfer.target[method]}
        value={target}
        type={TARGET_INPUT[method].type}
        inputMode={TARGET_INPUT[method].inputMode}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => {
          setTarget(event.target.value);
          setChosenReceiverId(null);
          edited();
        }}
      />
      <RecipientStatus
        query={query}
        recipient={recipient.data}
        loading={recipientLoading}
        error={recipient.error}
      />

      {recipient.data && (
        <section className="stack" aria-label={ru.transfer.recipientWallets}>
          <h2 className="section-title">{ru.transfer.recipientWallets}</h2>
          {recipientWallets.isLoading ? (
            <Skeleton height={112} radius={14} />
          ) : recipientWallets.data && recipientWallets.data.length > 0 ? (
            <WalletPicker
              label={ru.transfer.recipientWallets}
              wallets={recipientWallets.data}
              selectedId={receiver?.id ?? null}
              onSelect={(wallet) => {
                hapticSelection();
                setChosenReceiverId(wallet.id);
                setChosenSenderId(initialSenderId);
                edited();
              }}
            />
          ) : (
            <p className="hint">{ru.transfer.noRecipientWallets}</p>
          )}
        </section>
      )}

      <section className="stack" aria-label={ru.transfer.senderWallet}>
        <h2 className="section-title">{ru.transfer.senderWallet}</h2>
        {myWallets.isLoading ? (
          <Skeleton height={224} radius={14} />
        ) : (
          <WalletPicker
            label={ru.transfer.senderWallet}
            wallets={myWallets.data ?? []}
            selectedId={sender?.id ?? null}
            onSelect={(wallet) => {
              hapticSelection();
              setChosenSenderId(wallet.id);
              edited();
            }}
          />
        )}
      </section>

      <AmountField
        label={ru.transfer.amount}
        value={amount}
        error={amountError}
        shakeKey={shake}
        onChange={(value) => {
          setAmount(value);
          edited();
        }}
      />
      {converted !== null && receiver && (
        <p className="hint" role="status" aria-live="polite">
          {ru.transfer.willReceive}: <strong>{formatMoney(converted, receiver.currency)}</strong>{" "}
          ({ru.transfer.atRate})
        </p>
      )}

      {/* Inside Telegram the MainButton also confirms; in a browser the sheet has its own button. */}
      <PrimaryAction
        type="submit"
        label={native && summary ? ru.confirm.submit : submitting ? ru.transfer.submitting : ru.transfer.submit}
        onPress={native && summary ? () => void send() : review}
        disabled={!canSubmit}
        loading={submitting}
      />
      {summary && (
        <ConfirmSheet
          summary={summary}
          submitting={submitting}
          showConfirm={!native}
          onConfirm={() => void send()}
          onCancel={() => setSummary(null)}
        />
      )}
      <Toast toast={toast} />
    </form>
  );
}
