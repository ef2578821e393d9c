"use client";

import { Screen } from "@/components/screen";
import { TonDebugPanelLazy } from "@/components/ton/ton-debug-panel-lazy";
import { useAllStrings } from "@/lib/client/feature-strings";

/** Debug page: TON Connect state — the connected wallet, its account and device. */
export default function TonConnectPage() {
  const t = useAllStrings();
  return (
    <Screen title={t.debug.tonConnect} back="/bank">
      <TonDebugPanelLazy />
    </Screen>
  );
}
