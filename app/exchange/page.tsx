"use client";

import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { ExchangeForm } from "@/components/exchange/exchange-form";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

function ExchangeFromQuery() {
  // "Обменять" on an account's page opens the exchange from that account.
  const from = useSearchParams().get("from");
  return <ExchangeForm initialFromId={from && /^\d{1,15}$/.test(from) ? Number(from) : null} />;
}

export default function ExchangePage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.exchange.title}>
      <Suspense>
        <ExchangeFromQuery />
      </Suspense>
    </RequireSession>
  );
}
