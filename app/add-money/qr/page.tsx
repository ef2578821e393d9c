"use client";

import { Screen } from "@/components/screen";
import { QrTopUpForm } from "@/components/top-up/qr-form";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function QrTopUpPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.topUp.qr}>
      <Screen title={t.topUp.qr} back="/add-money">
        <QrTopUpForm />
      </Screen>
    </RequireSession>
  );
}
