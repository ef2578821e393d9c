import "server-only";
import { logger } from "@/lib/server/platform/log";
import { processState } from "@/lib/server/platform/process-state";
import { importCbrRates } from "@/lib/server/rates/import-cbr";

/** After a successful import: the Central Bank publishes once a working day. */
export const REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** After a failed one: 30 s, doubling, at most 30 min between tries until the source answers. */
export const RETRY_FIRST_MS = 30 * 1000;
export const RETRY_MAX_MS = 30 * 60 * 1000;

export type RefreshSchedule = { intervalMs: number; retryFirstMs: number; retryMaxMs: number };

const DEFAULT_SCHEDULE: RefreshSchedule = {
  intervalMs: REFRESH_INTERVAL_MS,
  retryFirstMs: RETRY_FIRST_MS,
  retryMaxMs: RETRY_MAX_MS,
};

/** One schedule per process, whichever bundle starts it (see process-state.ts). */
const state = processState("rates-refresh", () => ({
  timer: null as NodeJS.Timeout | null,
  running: false,
}));

/**
 * One import; true when it succeeded. A source outage must never take the server down (the
 * stored rates keep serving), so failures are logged, not thrown.
 */
export async function refreshRatesOnce(url: string): Promise<boolean> {
  try {
    const result = await importCbrRates(url);
    logger.info({ date: result.date, imported: result.imported }, "rates imported");
    return true;
  } catch (error) {
    logger.warn({ err: error }, "rates import failed");
    return false;
  }
}

/** How long to wait before the next import, given how many imports have failed in a row. */
export function nextRefreshDelay(failuresInRow: number, schedule: RefreshSchedule = DEFAULT_SCHEDULE): number {
  if (failuresInRow === 0) return schedule.intervalMs;
  return Math.min(schedule.retryFirstMs * 2 ** (failuresInRow - 1), schedule.retryMaxMs);
}

/** Imports now, then every 6 hours, retrying a failed import with backoff; once per process. */
export function startRatesRefresh(url: string, schedule: RefreshSchedule = DEFAULT_SCHEDULE): void {
  if (state.running) return;
  state.running = true;
  let failures = 0;
  const tick = async () => {
    failures = (await refreshRatesOnce(url)) ? 0 : failures + 1;
    if (!state.running) return;
    state.timer = setTimeout(() => void tick(), nextRefreshDelay(failures, schedule));
    state.timer.unref();
  };
  void tick();
}

/** Stops the schedule (tests, shutdown). */
export function stopRatesRefresh(): void {
  state.running = false;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}
