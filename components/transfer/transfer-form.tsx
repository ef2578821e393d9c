"use client";

import { useState } from "react";
import { Screen } from "@/components/screen";
import { AmountStep } from "@/components/transfer/amount-step";
import { RecipientStep } from "@/components/transfer/recipient-step";
import { Skeleton } from "@/components/ui/skeleton";
import { useRecipient, useUserWallets, useWallets } from "@/lib/client/hooks";
import type { TransferMethod } from "@/lib/client/qr";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { resolveSelection } from "@/lib/client/transfer/selection";
import { useDebounced } from "@/lib/client/transfer/use-debounced";
import { hapticSelection } from "@/lib/client/telegram/haptics";
import { useClosingConfirmation } from "@/lib/client/telegram/provider";
import { useVerticalSwipesOff } from "@/lib/client/telegram/use-swipes-off";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import { sanitizeAmountInput } from "@/lib/shared/money";
import { useFormStrings } from "@/lib/client/form-strings";

type TransferFormProps = {
  method: TransferMethod;
  initialTarget?: string;
  initialAmount?: string;
  /** The link's amount was not an amount: the field starts empty, with the error shown. */
  initialAmountRefused?: boolean;
  /** The sender's wallet chosen before the form (from an account's screen). */
  initialSenderId?: number | null;
  /** Back from the first step (to the method choice). */
  onExit?: () => void;
};

type Step = "recipient" | "amount";

/** The typed values of a transfer, kept across its steps; any edit makes it a new transfer. */
function useTransferDraft(props: TransferFormProps) {
  const t = useFormStrings();
  const { method, initialTarget = "", initialAmount = "", initialAmountRefused = false, initialSenderId = null } = props;
  const [step, setStep] = useState<Step>(() =>
    method === "card" && normalizeAccountNumber(initialTarget).length >= 3 ? "amount" : "recipient",
  );
  const [target, setTarget] = useState(initialTarget);
  const [amount, setAmount] = useState(() => sanitizeAmountInput(initialAmount));
  const [message, setMessage] = useState("");
  const [chosenReceiverId, setChosenReceiverId] = useState<number | null>(null);
  const [chosenSenderId, setChosenSenderId] = useState<number | null>(initialSenderId);
  const [amountError, setAmountError] = useState<string | null>(initialAmountRefused ? t.validation.invalidAmount : null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  // Typed input not yet sent: closing the app asks first.
  useClosingConfirmation(!sent && Boolean(target.trim() || amount));
  useVerticalSwipesOff(true);
  const idempotency = useIdempotencyKey();

  /** Any edit makes it a new transfer: a new idempotency key and no stale messages. */
  function edited() {
    idempotency.reset();
    setAmountError(null);
  }

  return {
    step, setStep, target, setTarget, amount, setAmount, message, setMessage, chosenReceiverId, setChosenReceiverId,
    chosenSenderId, setChosenSenderId, amountError, setAmountError, confirming, setConfirming, setSent, idempotency, edited,
  };
}

/** Who the typed target is, their accounts and the sender's, and which two are chosen. */
function useTransferParties(method: TransferMethod, target: string, chosenReceiverId: number | null, chosenSenderId: number | null) {
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
  const typing = query !== target.trim();
  const lookupDone = !typing && (recipient.error !== undefined || recipientWallets.data !== undefined || recipientWallets.error !== undefined);
  return { query, recipient, recipientWallets, myWallets, receiver, sender, typing, lookupDone };
}

function Searching() {
  const t = useFormStrings();
  return (
    <div className="stack" aria-busy="true">
      <span className="visually-hidden">{t.transfer.searching}</span>
      <Skeleton height={56} radius={14} />
      <Skeleton height={224} radius={14} />
    </div>
  );
}

/**
 * A transfer by one method, in three steps: the recipient (lookup, their account), the amount
 * (sender's account, amount, what arrives), then the confirmation sheet. An account number given
 * up front (a deep link, a QR code, a recent recipient) starts at the amount; if that account is
 * not found, the recipient step says why. Back walks the steps back: sheet → amount → recipient
 * → `onExit`. The typed values live here, so going back and forth keeps them.
 */
export function TransferForm(props: TransferFormProps) {
  const { method, initialSenderId = null, onExit } = props;
  const t = useFormStrings();
  const draft = useTransferDraft(props);
  const { step, setStep, target, amount, message, confirming, setConfirming, idempotency, edited } = draft;
  const { query, recipient, recipientWallets, myWallets, receiver, sender, typing, lookupDone } = useTransferParties(
    method,
    target,
    draft.chosenReceiverId,
    draft.chosenSenderId,
  );
  // Started at the amount with an account that is not found: the recipient step says why.
  if (step === "amount" && !receiver && lookupDone) setStep("recipient");

  const back = confirming
    ? () => setConfirming(false)
    : step === "amount"
      ? () => setStep("recipient")
      : onExit;

  return (
    <Screen title={t.transfer.title} back={back}>
      {step === "recipient" ? (
        <RecipientStep
          method={method}
          target={target}
          onTarget={(value) => {
            draft.setTarget(value);
            draft.setChosenReceiverId(null);
            edited();
          }}
          query={query}
          recipient={recipient.data}
          recipientLoading={recipient.isLoading || (typing && target.trim().length >= 3)}
          recipientError={recipient.error}
          wallets={recipientWallets.data}
          walletsLoading={recipientWallets.isLoading}
          receiverId={receiver?.id ?? null}
          onReceiver={(wallet) => {
            hapticSelection();
            draft.setChosenReceiverId(wallet.id);
            draft.setChosenSenderId(initialSenderId);
            edited();
          }}
          onContinue={() => setStep("amount")}
        />
      ) : receiver ? (
        <AmountStep
          recipient={recipient.data}
          receiver={receiver}
          sender={sender}
          senderWallets={myWallets.data}
          sendersLoading={myWallets.isLoading}
          onSender={(wallet) => {
            draft.setChosenSenderId(wallet.id);
            edited();
          }}
          amount={amount}
          onAmount={(value) => {
            draft.setAmount(value);
            edited();
          }}
          message={message}
          onMessage={(value) => {
            draft.setMessage(value);
            edited();
          }}
          amountError={draft.amountError}
          onAmountError={draft.setAmountError}
          confirming={confirming}
          onConfirming={setConfirming}
          idempotency={idempotency}
          onSent={() => draft.setSent(true)}
        />
      ) : (
        <Searching />
      )}
    </Screen>
  );
}
