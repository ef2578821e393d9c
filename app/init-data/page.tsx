"use client";

import { DebugView } from "@/components/debug/debug-view";
import { Screen } from "@/components/screen";
import { useAllStrings } from "@/lib/client/feature-strings";

/** Debug page: init data from the Telegram launch. */
export default function InitDataPage() {
  const t = useAllStrings();
  return (
    <Screen title={t.debug.initData} back="/bank">
      <DebugView kind="init-data" />
    </Screen>
  );
}
