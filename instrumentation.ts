/**
 * Runs once when the server starts. When a rates source is configured, the Central Bank's daily
 * quotes are imported at start and every 6 hours (failures are logged, never fatal).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const url = process.env.RATES_SOURCE_URL;
  if (!url) return;
  const { startRatesRefresh } = await import("@/lib/server/rates/refresh");
  startRatesRefresh(url);
}
