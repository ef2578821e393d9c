"use client";

import { useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";
import { SplitScreen } from "@/components/splits/split-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { hasSession } from "@/lib/client/session";
import { rememberPath } from "@/lib/client/start-link";
import { receiptOf, splitScreenPath } from "@/lib/client/split-link";
import { useAllStrings } from "@/lib/client/feature-strings";

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function SplitFromQuery() {
  const t = useAllStrings();
  const params = useSearchParams();
  const raw = params.get("s");
  const token = raw && TOKEN.test(raw) ? raw : null;
  // Made from a receipt's "Разделить счёт": Back returns to that receipt.
  const receipt = receiptOf(params);
  // Opened signed out (a link from a chat): sign-in comes back here.
  useEffect(() => {
    if (token && !hasSession()) rememberPath(splitScreenPath(token), window.sessionStorage);
  }, [token]);
  return (
    <RequireSession title={t.splits.title}>
      <SplitScreen token={token} back={receipt ? `/receipt/${receipt}` : undefined} />
    </RequireSession>
  );
}

export default function SplitPage() {
  return (
    <Suspense>
      <SplitFromQuery />
    </Suspense>
  );
}
