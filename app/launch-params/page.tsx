"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useAllStrings } from "@/lib/client/feature-strings";

/** Debug page: launch params from the Telegram launch. */
export default function LaunchParamsPage() {
  const t = useAllStrings();
  return (
    <Screen title={t.debug.launchParams} back="/bank">
      <DebugView kind="launch-params" />
    </Screen>
  );
}
