/**
 * Runs once when the server starts. Rates are imported from the configured source (in production
 * the Central Bank's daily XML unless RATES_SOURCE_URL=off) at start and then periodically;
 * failures are retried with backoff and never fatal.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("@/lib/server/env");
  const url = getEnv().ratesSourceUrl;
  if (!url) return;
  const { startRatesRefresh } = await import("@/lib/server/rates/refresh");
  startRatesRefresh(url);
}
