import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { ru } from "@/lib/shared/strings";

/** Debug page: launch params from the Telegram launch. */
export default function LaunchParamsPage() {
  return (
    <Screen title={ru.debug.launchParams} back="/bank">
      <DebugView kind="launch-params" />
    </Screen>
  );
}
