"use client";

import { LimitsScreen } from "@/components/limits/limits-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function LimitsPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.settings.limits}>
      <LimitsScreen />
    </RequireSession>
  );
}
