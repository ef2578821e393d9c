"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AmountField, useAmountInput } from "@/components/money/amount-field";
import { useMoneySubmit } from "@/components/money/use-money-submit";
import { Button } from "@/components/ui/button";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Toast, useToast } from "@/components/ui/toast";
import { useClosingConfirmation } from "@/lib/client/telegram/provider";
import { useVerticalSwipesOff } from "@/lib/client/telegram/use-swipes-off";
import { topUpWallet } from "@/lib/client/transfer/submit";
import { MAX_TOPUP_MINOR, formatMoney, parseAmount, toSafeNumber, type Currency } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { Form } from "@/components/ui/form";
import { useAllStrings, useFeatureLanguage } from "@/lib/client/feature-strings";
import { hideKeyboard } from "@/lib/client/telegram/keyboard";

/** The top-up's outcome and the way back to the bank. */
function TopUpSuccess({ text }: { text: string }) {
  const t = useAllStrings();
  const router = useRouter();
  return (
    <div className="section result">
      <p role="status">{text}</p>
      <Button variant="secondary" onClick={() => router.push("/bank")}>
        {t.topUp.toBank}
      </Button>
    </div>
  );
}

/**
 * /add-money/online: currency, amount, confirm. The wallet is credited directly (no payment
 * provider); one idempotency key per submitted form makes a retry safe.
 */
export function OnlineTopUpForm({ initialCurrency = "RUB" }: { initialCurrency?: Currency }) {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  const toast = useToast();
  const money = useMoneySubmit({ toast });
  const [currency, setCurrency] = useState<Currency>(initialCurrency);
  const amount = useAmountInput();
  const [success, setSuccess] = useState<string | null>(null);
  // An amount typed but not sent: closing the app asks first.
  useClosingConfirmation(Boolean(amount.value));
  useVerticalSwipesOff(true);

  function edited() {
    money.idempotency.reset();
    setSuccess(null);
  }

  function reject(message: string) {
    amount.reject(message);
    toast.error(message);
  }

  async function submit() {
    if (money.submitting) return;
    const minor = parseAmount(amount.value);
    if (minor === null) return reject(t.validation.invalidAmount);
    if (minor > BigInt(MAX_TOPUP_MINOR)) return reject(t.errors.topUpLimit);
    hideKeyboard();
    await money.submit({
      send: (key) => topUpWallet({ currency, amount: toSafeNumber(minor) }, key),
      onSuccess: () => {
        amount.change("");
        // An earlier failure's popup must not stay beside the success.
        toast.hide();
        setSuccess(fill(t.topUp.success, { amount: formatMoney(minor, currency, language) }));
      },
      failure: { unknown: t.topUp.outcomeUnknown, failed: t.topUp.failed },
    });
  }

  return (
    <Form onSubmit={() => void submit()}>
      <AmountField
        label={t.topUp.amount}
        value={amount.value}
        error={amount.error}
        shakeKey={amount.shakeKey}
        onChange={(value) => {
          amount.change(value);
          edited();
        }}
        currency={{
          label: t.topUp.currencyGroup,
          title: t.topUp.currency,
          value: currency,
          onChange: (value) => {
            setCurrency(value);
            amount.clearError();
            edited();
          },
        }}
      />
      <PrimaryAction
        type="submit"
        label={money.submitting ? t.topUp.submitting : t.topUp.confirm}
        onPress={() => void submit()}
        loading={money.submitting}
        disabled={!amount.value}
      />
      {success && <TopUpSuccess text={success} />}
      <Toast toast={toast} />
    </Form>
  );
}
