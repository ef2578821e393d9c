"use client";

import { Suspense } from "react";
import { RequireSession } from "@/components/transfer/require-session";
import { TransferFlow } from "@/components/transfer/transfer-flow";
import { useStrings } from "@/lib/client/language";

export default function TransferMoneyPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.transfer.title}>
      {/* The query (method, target, amount) is read on the client only. */}
      <Suspense>
        <TransferFlow />
      </Suspense>
    </RequireSession>
  );
}
