"use client";

import { useParams } from "next/navigation";
import { InsightsView } from "@/components/insights/insights-view";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

/** /account/<wallet id>/insights: where one own account's money goes, and its currency's rate. */
export default function AccountInsightsPage() {
  const t = useStrings();
  const { id } = useParams<{ id: string }>();
  return (
    <RequireSession title={t.bank.insights}>
      <Screen title={t.bank.insights} back={`/account/${id}`}>
        <InsightsView wallet={/^[1-9]\d{0,9}$/.test(id) ? Number(id) : null} />
      </Screen>
    </RequireSession>
  );
}
