"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useStrings } from "@/lib/client/language";

/** Debug page: launch params from the Telegram launch. */
export default function LaunchParamsPage() {
  const t = useStrings();
  return (
    <Screen title={t.debug.launchParams} back="/bank">
      <DebugView kind="launch-params" />
    </Screen>
  );
}
