"use client";

import { useParams } from "next/navigation";
import { AccountDetails } from "@/components/bank/account-details";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

/** /account/<wallet id>: one own account, its number, actions and history. */
export default function AccountPage() {
  const t = useStrings();
  const { id } = useParams<{ id: string }>();
  return (
    <RequireSession title={t.bank.account.title}>
      <Screen title={t.bank.account.title} back="/bank">
        <AccountDetails walletId={/^\d{1,15}$/.test(id) ? Number(id) : null} />
      </Screen>
    </RequireSession>
  );
}
