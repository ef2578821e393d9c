"use client";

import { Screen } from "@/components/screen";
import { TonDebugPanelLazy } from "@/components/ton/ton-debug-panel-lazy";
import { useStrings } from "@/lib/client/language";

/** Debug page: TON Connect state — the connected wallet, its account and device. */
export default function TonConnectPage() {
  const t = useStrings();
  return (
    <Screen title={t.debug.tonConnect} back="/bank">
      <TonDebugPanelLazy />
    </Screen>
  );
}
