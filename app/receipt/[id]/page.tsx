"use client";

import { useParams, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { ReceiptView } from "@/components/transfer/receipt-view";
import { useFormStrings } from "@/lib/client/form-strings";

function Receipt() {
  const t = useFormStrings();
  const { id } = useParams<{ id: string }>();
  const fresh = useSearchParams().get("new") === "1";
  // Back from a fresh receipt goes home (the form is done); from an old one, to the history.
  return (
    <Screen title={t.receipt.title} back={fresh ? "/bank" : "/bank?tab=history"}>
      <ReceiptView transferId={/^\d{1,15}$/.test(id) ? Number(id) : null} fresh={fresh} />
    </Screen>
  );
}

/** /receipt/<transfer id>: one transfer's receipt, right after sending or from the history. */
export default function ReceiptPage() {
  const t = useFormStrings();
  return (
    <RequireSession title={t.receipt.title}>
      <Suspense>
        <Receipt />
      </Suspense>
    </RequireSession>
  );
}
