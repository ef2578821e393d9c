"use client";

import { QrScanner } from "@/components/qr/qr-scanner";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useFormStrings } from "@/lib/client/form-strings";

export default function QrPage() {
  const t = useFormStrings();
  return (
    <RequireSession title={t.qr.title}>
      <Screen title={t.qr.title} back="/bank">
        <QrScanner />
      </Screen>
    </RequireSession>
  );
}
