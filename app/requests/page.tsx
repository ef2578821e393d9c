"use client";

import { RequestsScreen } from "@/components/requests/requests-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function RequestsPage() {
  const ru = useStrings();
  return (
    <RequireSession title={ru.requests.title}>
      <RequestsScreen />
    </RequireSession>
  );
}
