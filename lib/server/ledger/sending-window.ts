import "server-only";
import { getEnv } from "@/lib/server/platform/env";

/**
 * The windows of the sending limit at an instant: fixed windows of TRANSFER_LIMIT_WINDOW_SECONDS
 * counted from the Unix epoch, the one the instant falls in (`start`), the one before it
 * (`previousStart`), and how much of the previous one still lies within the sliding window that
 * ends at the instant (`previousWeight`, 1 at a window's first moment, towards 0 at its end).
 */
export type SendingWindow = { start: Date; previousStart: Date; previousWeight: number };

export function sendingWindowAt(at: Date): SendingWindow {
  const length = getEnv().transferLimitWindowMs;
  const start = Math.floor(at.getTime() / length) * length;
  return {
    start: new Date(start),
    previousStart: new Date(start - length),
    previousWeight: 1 - (at.getTime() - start) / length,
  };
}
