/**
 * Runs once when the server starts: the notification worker (credit messages from the outbox),
 * the periodic sweep of expired sign-in codes, rate-limit hits
 * and idempotency keys, and the rates import from the configured source (in production the
 * Central Bank's daily XML unless RATES_SOURCE_URL=off) at start and then periodically; failures
 * are logged and retried, never fatal.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startSweeper } = await import("@/lib/server/sweep");
  startSweeper();
  const { startNotificationWorker, stopNotificationWorker } = await import("@/lib/server/notifications/deliver");
  startNotificationWorker();
  const { onShutdown } = await import("@/lib/server/shutdown");
  onShutdown(stopNotificationWorker);
  const { getEnv } = await import("@/lib/server/env");
  const url = getEnv().ratesSourceUrl;
  if (!url) return;
  const { startRatesRefresh } = await import("@/lib/server/rates/refresh");
  startRatesRefresh(url);
}
