import "server-only";
import { getDb } from "@/lib/server/db";
import { logger } from "@/lib/server/log";
import { importCbrRates } from "@/lib/server/rates/import-cbr";

export const REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1000;

const state = globalThis as unknown as { minibankRatesTimer?: ReturnType<typeof setInterval> };

/** One import; a source outage must never take the server down (the stored rates keep serving). */
export async function refreshRatesOnce(url: string): Promise<void> {
  try {
    const result = await importCbrRates(getDb(), url);
    logger.info({ date: result.date, imported: result.imported }, "rates imported");
  } catch (error) {
    logger.warn({ err: error }, "rates import failed");
  }
}

/** Imports at start and then every 6 hours, once per process. */
export function startRatesRefresh(url: string): void {
  if (state.minibankRatesTimer) return;
  void refreshRatesOnce(url);
  state.minibankRatesTimer = setInterval(() => void refreshRatesOnce(url), REFRESH_INTERVAL_MS);
  state.minibankRatesTimer.unref?.();
}
