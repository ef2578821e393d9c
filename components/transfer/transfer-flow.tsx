"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Screen } from "@/components/screen";
import { MethodChoice } from "@/components/transfer/method-choice";
import { Skeleton } from "@/components/ui/skeleton";
import type { TransferMethod } from "@/lib/client/qr";
import { readTransferPrefill, type TransferPrefill } from "@/lib/client/transfer/prefill";
import { useFormStrings } from "@/lib/client/form-strings";

/** The steps after the method choice load when a method is chosen: the choice screen stays light. */
const TransferForm = dynamic(() => import("@/components/transfer/transfer-form").then((m) => m.TransferForm), {
  ssr: false,
  loading: () => <TransferLoading />,
});

function TransferLoading() {
  const t = useFormStrings();
  return (
    <Screen title={t.transfer.title}>
      <div className="stack" aria-busy="true">
        <span className="visually-hidden">{t.common.loading}</span>
        <Skeleton height={56} radius={14} />
      </div>
    </Screen>
  );
}

/**
 * /transfer-money: step 'choose' (the method, or a recent recipient), then the transfer form's
 * steps. A deep link (`?method=…&target=…&amount=…`, e.g. from a scanned QR) skips the choice;
 * with an account number it lands on the amount, prefilled. Back walks the steps back, and from
 * 'choose' goes to /bank.
 */
export function TransferFlow() {
  const t = useFormStrings();
  const params = useSearchParams();
  const [prefill, setPrefill] = useState<TransferPrefill | null>(() => readTransferPrefill(params));
  const [method, setMethod] = useState<TransferMethod | null>(() => prefill?.method ?? null);
  // "Перевести" from an account's screen: that account is the sender, whatever the method.
  const [fromWalletId] = useState(() => {
    const from = params.get("from");
    return from && /^\d{1,15}$/.test(from) ? Number(from) : null;
  });

  if (method) {
    return (
      <TransferForm
        key={method}
        method={method}
        initialTarget={prefill?.method === method ? prefill.target : ""}
        initialAmount={prefill?.method === method ? prefill.amount : ""}
        initialAmountRefused={prefill?.method === method && prefill.amountRefused}
        initialSenderId={fromWalletId}
        onExit={() => {
          setMethod(null);
          // The link's values belong to the first form only; a newly chosen method starts empty.
          setPrefill(null);
        }}
      />
    );
  }
  return (
    <Screen title={t.transfer.title} back="/bank">
      <MethodChoice
        onChoose={setMethod}
        onRecent={(walletNumber) => {
          setPrefill({ method: "card", target: walletNumber, amount: "", amountRefused: false });
          setMethod("card");
        }}
      />
    </Screen>
  );
}
