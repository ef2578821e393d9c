"use client";

import { RequestsScreen } from "@/components/requests/requests-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function RequestsPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.requests.title}>
      <RequestsScreen />
    </RequireSession>
  );
}
