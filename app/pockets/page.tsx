"use client";

import { PocketsScreen } from "@/components/pockets/pockets-screen";
import { RequireSession } from "@/components/transfer/require-session";
import { useAllStrings } from "@/lib/client/feature-strings";

export default function PocketsPage() {
  const t = useAllStrings();
  return (
    <RequireSession title={t.pockets.title}>
      <PocketsScreen />
    </RequireSession>
  );
}
