"use client";

import { Screen } from "@/components/screen";
import { OnlineTopUpForm } from "@/components/top-up/online-form";
import { RequireSession } from "@/components/transfer/require-session";
import { ru } from "@/lib/shared/strings";

export default function OnlineTopUpPage() {
  return (
    <RequireSession title={ru.topUp.title}>
      <Screen title={ru.topUp.title} back="/add-money">
        <OnlineTopUpForm />
      </Screen>
    </RequireSession>
  );
}
