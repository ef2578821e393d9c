import "server-only";
import { getEnv } from "@/lib/server/platform/env";

/**
 * The windows of the sending limit at an instant: fixed windows of TRANSFER_LIMIT_WINDOW_SECONDS
 * counted from the Unix epoch, the one the instant falls in (`start`), the one before it
 * (`previousStart`).
 */
export type SendingWindow = { start: Date; previousStart: Date };

export function sendingWindowAt(at: Date): SendingWindow {
  const length = getEnv().transferLimitWindowMs;
  const start = Math.floor(at.getTime() / length) * length;
  return {
    start: new Date(start),
    previousStart: new Date(start - length),
  };
}
