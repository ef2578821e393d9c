"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Screen } from "@/components/screen";
import { MethodChoice } from "@/components/transfer/method-choice";
import { TransferForm } from "@/components/transfer/transfer-form";
import type { TransferMethod } from "@/lib/client/qr";
import { readTransferPrefill, type TransferPrefill } from "@/lib/client/transfer/prefill";
import { ru } from "@/lib/shared/strings";

/**
 * /transfer-money: step 'choose' → step 'form'. A deep link (`?method=…&target=…&amount=…`,
 * e.g. from a scanned QR) opens the form directly, prefilled. Back goes from 'form' to
 * 'choose', and from 'choose' to /bank.
 */
export function TransferFlow() {
  const params = useSearchParams();
  const [prefill, setPrefill] = useState<TransferPrefill | null>(() => readTransferPrefill(params));
  const [method, setMethod] = useState<TransferMethod | null>(() => prefill?.method ?? null);
  // "Перевести" from an account's screen: that account is the sender, whatever the method.
  const [fromWalletId] = useState(() => {
    const from = params.get("from");
    return from && /^\d{1,15}$/.test(from) ? Number(from) : null;
  });

  const back = method
    ? () => {
        setMethod(null);
        // The link's values belong to the first form only; a newly chosen method starts empty.
        setPrefill(null);
      }
    : "/bank";

  return (
    <Screen title={ru.transfer.title} back={back}>
      {method ? (
        <TransferForm
          key={method}
          method={method}
          initialTarget={prefill?.method === method ? prefill.target : ""}
          initialAmount={prefill?.method === method ? prefill.amount : ""}
          initialAmountRefused={prefill?.method === method && prefill.amountRefused}
          initialSenderId={fromWalletId}
        />
      ) : (
        <MethodChoice
          onChoose={setMethod}
          onRecent={(walletNumber) => {
            setPrefill({ method: "card", target: walletNumber, amount: "", amountRefused: false });
            setMethod("card");
          }}
        />
      )}
    </Screen>
  );
}
