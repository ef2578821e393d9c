"use client";

import { useParams } from "next/navigation";
import { Screen } from "@/components/screen";
import { StatementView } from "@/components/statement/statement-view";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

/** /account/<wallet id>/statement: one own account's statement for a period, as PDF or CSV. */
export default function StatementPage() {
  const t = useAllStrings();
  const { id } = useParams<{ id: string }>();
  return (
    <RequireSession title={t.statement.title}>
      <Screen title={t.statement.title} back={`/account/${id}`}>
        <StatementView walletId={/^\d{1,15}$/.test(id) ? Number(id) : null} />
      </Screen>
    </RequireSession>
  );
}
