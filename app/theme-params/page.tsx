"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useAllStrings } from "@/lib/client/feature-strings";

/** Debug page: theme params from the Telegram launch. */
export default function ThemeParamsPage() {
  const t = useAllStrings();
  return (
    <Screen title={t.debug.themeParams} back="/bank">
      <DebugView kind="theme-params" />
    </Screen>
  );
}
