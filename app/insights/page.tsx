"use client";

import { InsightsView } from "@/components/insights/insights-view";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

/** /insights: where the money of all one's accounts goes, in rubles. */
export default function InsightsPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.bank.insights}>
      <Screen title={t.bank.insights} back="/bank">
        <InsightsView wallet="total" />
      </Screen>
    </RequireSession>
  );
}
