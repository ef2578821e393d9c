"use client";

import { QrScanner } from "@/components/qr/qr-scanner";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function QrPage() {
  const ru = useStrings();
  return (
    <RequireSession title={ru.qr.title}>
      <Screen title={ru.qr.title} back="/bank">
        <QrScanner />
      </Screen>
    </RequireSession>
  );
}
