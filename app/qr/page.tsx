"use client";

import { QrScanner } from "@/components/qr/qr-scanner";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function QrPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.qr.title}>
      <Screen title={t.qr.title} back="/bank">
        <QrScanner />
      </Screen>
    </RequireSession>
  );
}
