"use client";

import dynamic from "next/dynamic";
import { useStrings } from "@/lib/client/language";

/**
 * The debug panel carries the whole widget, so it loads only on /ton-connect, on the client, once
 * the user's language is known.
 */
export const TonDebugPanelLazy = dynamic(
  () =>
    import("./ton-debug-panel").then((m) => m.TonDebugPanel),
  { ssr: false, loading: () => <Loading /> },
);

function Loading() {
  return <p>{useStrings().common.loading}</p>;
}
