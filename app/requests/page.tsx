"use client";

import { RequestsScreen } from "@/components/requests/requests-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { ru } from "@/lib/shared/strings";

export default function RequestsPage() {
  return (
    <RequireSession title={ru.requests.title}>
      <RequestsScreen />
    </RequireSession>
  );
}
