"use client";

import { useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";
import { PayRequestScreen } from "@/components/requests/pay-request";
import { RequireSession } from "@/components/transfer/require-session";
import { hasSession } from "@/lib/client/session";
import { rememberPath } from "@/lib/client/start-link";
import { payPathFor } from "@/lib/client/request-link";
import { useAllStrings } from "@/lib/client/feature-strings";

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function PayFromQuery() {
  const t = useAllStrings();
  const raw = useSearchParams().get("r");
  const token = raw && TOKEN.test(raw) ? raw : null;
  // Opened signed out: sign-in comes back here.
  useEffect(() => {
    if (token && !hasSession()) rememberPath(payPathFor(token), window.sessionStorage);
  }, [token]);
  return (
    <RequireSession title={t.requests.payTitle}>
      <PayRequestScreen token={token} />
    </RequireSession>
  );
}

export default function PayPage() {
  return (
    <Suspense>
      <PayFromQuery />
    </Suspense>
  );
}
