import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { ru } from "@/lib/shared/strings";

/** Debug page: theme params from the Telegram launch. */
export default function ThemeParamsPage() {
  return (
    <Screen title={ru.debug.themeParams} back="/bank">
      <DebugView kind="theme-params" />
    </Screen>
  );
}
