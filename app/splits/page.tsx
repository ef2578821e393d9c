"use client";

import { SplitsScreen } from "@/components/splits/splits-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useStrings } from "@/lib/client/language";

export default function SplitsPage() {
  const t = useStrings();
  return (
    <RequireSession title={t.splits.title}>
      <SplitsScreen />
    </RequireSession>
  );
}
