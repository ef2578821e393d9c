import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { ru } from "@/lib/shared/strings";

/** Debug page: init data from the Telegram launch. */
export default function InitDataPage() {
  return (
    <Screen title={ru.debug.initData} back="/bank">
      <DebugView kind="init-data" />
    </Screen>
  );
}
