"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { AmountField } from "@/components/transfer/amount-field";
import { Button } from "@/components/ui/button";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Segmented } from "@/components/ui/segmented";
import { Toast, useToast } from "@/components/ui/toast";
import { hapticError, hapticSuccess } from "@/lib/client/telegram/haptics";
import { useClosingConfirmation, useVerticalSwipesOff } from "@/lib/client/telegram/provider";
import { useIdempotencyKey } from "@/lib/client/transfer/idempotency";
import { isMoneyKey, outcomeUnknown, topUpWallet, wasRefused } from "@/lib/client/transfer/submit";
import {
  CURRENCIES,
  CURRENCY_INFO,
  MAX_TOPUP_MINOR,
  formatAmount,
  parseAmount,
  toSafeNumber,
  type Currency,
} from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { Form } from "@/components/ui/form";
import { useStrings } from "@/lib/client/language";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";

const OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} ${CURRENCY_INFO[code].symbol}` }));

/**
 * /add-money/online: currency, amount, confirm. The wallet is credited directly (no payment
 * provider); one idempotency key per submitted form makes a retry safe.
 */
export function OnlineTopUpForm({ initialCurrency = "RUB" }: { initialCurrency?: Currency }) {
  const ru = useStrings();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const toast = useToast();
  const idempotency = useIdempotencyKey();
  const [currency, setCurrency] = useState<Currency>(initialCurrency);
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [shake, setShake] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  // An amount typed but not sent: closing the app asks first.
  useClosingConfirmation(Boolean(amount));
  useVerticalSwipesOff(true);

  function edited() {
    idempotency.reset();
    setAmountError(null);
    setSuccess(null);
  }

  function reject(message: string) {
    setAmountError(message);
    setShake((n) => n + 1);
    toast.error(message);
  }

  async function submit() {
    if (submitting) return;
    const minor = parseAmount(amount);
    if (minor === null) return reject(ru.validation.invalidAmount);
    if (minor > BigInt(MAX_TOPUP_MINOR)) return reject(ru.errors.topUpLimit);
    hideKeyboard();
    setSubmitting(true);
    try {
      await topUpWallet({ currency, amount: toSafeNumber(minor) }, idempotency.current());
      idempotency.reset();
      setAmount("");
      // An earlier failure's popup must not stay beside the success.
      toast.hide();
      hapticSuccess();
      setSuccess(
        fill(ru.topUp.success, { amount: formatAmount(minor), symbol: CURRENCY_INFO[currency].symbol }),
      );
      void mutate(isMoneyKey);
    } catch (error) {
      if (wasRefused(error)) idempotency.reset();
      hapticError();
      toast.error(outcomeUnknown(error) ? ru.topUp.outcomeUnknown : ru.topUp.failed);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form onSubmit={() => void submit()}>
      <h2 className="section-title">{ru.topUp.currency}</h2>
      <Segmented
        label={ru.topUp.currencyGroup}
        options={OPTIONS}
        value={currency}
        onChange={(value) => {
          setCurrency(value);
          edited();
        }}
      />
      <AmountField
        label={ru.topUp.amount}
        value={amount}
        error={amountError}
        shakeKey={shake}
        onChange={(value) => {
          setAmount(value);
          edited();
        }}
      />
      <PrimaryAction
        type="submit"
        label={submitting ? ru.topUp.submitting : ru.topUp.confirm}
        onPress={() => void submit()}
        loading={submitting}
        disabled={!amount}
      />
      {success && (
        <div className="section result">
          <p role="status">{success}</p>
          <Button variant="secondary" onClick={() => router.push("/bank")}>
            {ru.topUp.toBank}
          </Button>
        </div>
      )}
      <Toast toast={toast} />
    </Form>
  );
}
