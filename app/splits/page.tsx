"use client";

import { SplitsScreen } from "@/components/splits/splits-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function SplitsPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.splits.title}>
      <SplitsScreen />
    </RequireSession>
  );
}
