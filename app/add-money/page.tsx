"use client";

import { Screen } from "@/components/screen";
import { TopUpMethodChoice } from "@/components/top-up/method-choice";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function AddMoneyPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.topUp.title}>
      <Screen title={t.topUp.title} back="/bank">
        <TopUpMethodChoice />
      </Screen>
    </RequireSession>
  );
}
