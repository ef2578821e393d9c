"use client";

import { RequestsScreen } from "@/components/requests/requests-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function RequestsPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.requests.title}>
      <RequestsScreen />
    </RequireSession>
  );
}
