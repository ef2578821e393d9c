"use client";

import { Suspense } from "react";
import { RequireSession } from "@/components/transfer/require-session";
import { TransferFlow } from "@/components/transfer/transfer-flow";
import { useFormStrings } from "@/lib/client/form-strings";

export default function TransferMoneyPage() {
  const t = useFormStrings();
  return (
    <RequireSession title={t.transfer.title}>
      {/* The query (method, target, amount) is read on the client only. */}
      <Suspense>
        <TransferFlow />
      </Suspense>
    </RequireSession>
  );
}
