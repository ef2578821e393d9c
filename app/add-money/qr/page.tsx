"use client";

import { Screen } from "@/components/screen";
import { QrTopUpForm } from "@/components/top-up/qr-form";
import { RequireSession } from "@/components/transfer/require-session";
import { ru } from "@/lib/shared/strings";

export default function QrTopUpPage() {
  return (
    <RequireSession title={ru.topUp.qr}>
      <Screen title={ru.topUp.qr} back="/add-money">
        <QrTopUpForm />
      </Screen>
    </RequireSession>
  );
}
