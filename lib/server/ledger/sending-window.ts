import "server-only";
import type { CounterWindow } from "@/lib/server/db/counter";
import { fixedWindowAt } from "@/lib/server/limits/window";
import { getEnv } from "@/lib/server/platform/env";

/** The windows of the sending limit at an instant: fixed windows of TRANSFER_LIMIT_WINDOW_SECONDS. */
export function sendingWindowAt(at: Date): CounterWindow {
  return fixedWindowAt(at, getEnv().transferLimitWindowMs);
}
