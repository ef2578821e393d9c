"use client";

import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { Screen } from "@/components/screen";
import { OnlineTopUpForm } from "@/components/top-up/online-form";
import { RequireSession } from "@/components/transfer/require-session";
import { isCurrency } from "@/lib/shared/money";
import { useAllStrings } from "@/lib/client/feature-strings";

/** `?currency=USD` (from an account's "Пополнить") picks the currency. */
function Form() {
  const currency = useSearchParams().get("currency");
  return <OnlineTopUpForm initialCurrency={isCurrency(currency) ? currency : "RUB"} />;
}

export default function OnlineTopUpPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.topUp.title}>
      <Screen title={t.topUp.title} back="/add-money">
        <Suspense>
          <Form />
        </Suspense>
      </Screen>
    </RequireSession>
  );
}
