"use client";

import { Screen } from "@/components/screen";
import { TopUpMethodChoice } from "@/components/top-up/method-choice";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function AddMoneyPage() {
  const ru = useStrings();
  return (
    <RequireSession title={ru.topUp.title}>
      <Screen title={ru.topUp.title} back="/bank">
        <TopUpMethodChoice />
      </Screen>
    </RequireSession>
  );
}
