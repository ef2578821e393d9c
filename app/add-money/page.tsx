"use client";

import { Screen } from "@/components/screen";
import { TopUpMethodChoice } from "@/components/top-up/method-choice";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function AddMoneyPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.topUp.title}>
      <Screen title={t.topUp.title} back="/bank">
        <TopUpMethodChoice />
      </Screen>
    </RequireSession>
  );
}
