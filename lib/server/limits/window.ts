import "server-only";
import type { CounterWindow } from "@/lib/server/db/counter";

/**
 * The fixed windows of a counted limit at an instant: windows of `lengthMs` counted from the Unix
 * epoch, the one the instant falls in (`windowStart`) and the one before it (`previousStart`),
 * the two a counter row holds (lib/server/db/counter.ts).
 */
export function fixedWindowAt(at: Date, lengthMs: number): CounterWindow {
  const start = Math.floor(at.getTime() / lengthMs) * lengthMs;
  return { windowStart: new Date(start), previousStart: new Date(start - lengthMs) };
}
