"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useStrings } from "@/lib/client/language";

/** Debug page: launch params from the Telegram launch. */
export default function LaunchParamsPage() {
  const ru = useStrings();
  return (
    <Screen title={ru.debug.launchParams} back="/bank">
      <DebugView kind="launch-params" />
    </Screen>
  );
}
