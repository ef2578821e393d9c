"use client";

import { QrScanner } from "@/components/qr/qr-scanner";
import { Screen } from "@/components/screen";
import { RequireSession } from "@/components/transfer/require-session";
import { ru } from "@/lib/shared/strings";

export default function QrPage() {
  return (
    <RequireSession title={ru.qr.title}>
      <Screen title={ru.qr.title} back="/bank">
        <QrScanner />
      </Screen>
    </RequireSession>
  );
}
