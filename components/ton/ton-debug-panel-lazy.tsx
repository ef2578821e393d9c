"use client";

import dynamic from "next/dynamic";
import { ru } from "@/lib/shared/strings";

/** The debug panel carries the whole widget, so it loads only on /ton-connect, on the client. */
export const TonDebugPanelLazy = dynamic(
  () => import("./ton-debug-panel").then((m) => m.TonDebugPanel),
  { ssr: false, loading: () => <p>{ru.common.loading}</p> },
);
