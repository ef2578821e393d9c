import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { hitRateLimit } from "@/lib/server/limits/rate-limit";

const WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one lookup of another user (a profile or their wallets) for `callerId`: the directory
 * can be searched to send money, not walked (LOOKUP_LIMIT_PER_USER per 10 minutes, then 429).
 */
export function countLookup(callerId: number): Promise<void> {
  return hitRateLimit({ key: `lookup:user:${callerId}`, limit: getEnv().lookupLimitPerUser, windowMs: WINDOW_MS });
}
