"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useStrings } from "@/lib/client/language";

/** Debug page: theme params from the Telegram launch. */
export default function ThemeParamsPage() {
  const t = useStrings();
  return (
    <Screen title={t.debug.themeParams} back="/bank">
      <DebugView kind="theme-params" />
    </Screen>
  );
}
