import { Screen } from "@/components/screen";
import { TonDebugPanelLazy } from "@/components/ton/ton-debug-panel-lazy";
import { ru } from "@/lib/shared/strings";

/** Debug page: TON Connect state — the connected wallet, its account and device. */
export default function TonConnectPage() {
  return (
    <Screen title={ru.debug.tonConnect} back="/bank">
      <TonDebugPanelLazy />
    </Screen>
  );
}
