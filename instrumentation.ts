/**
 * Runs once when the server starts: the notification worker (credit messages from the outbox),
 * the periodic sweep of expired sign-in codes, rate-limit hits
 * and idempotency keys, the scheduled ledger check, the scheduler of planned transfers
 * (lib/server/schedules/run.ts), and the rates import from the configured
 * source (in production the Central Bank's daily XML unless RATES_SOURCE_URL=off) at start and
 * then periodically; failures are logged and retried, never fatal. On SIGTERM each is stopped
 * and then the database is closed (lib/server/platform/shutdown.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { onShutdown, onShutdownClose } = await import("@/lib/server/platform/shutdown");
  const { startSweeper, stopSweeper } = await import("@/lib/server/db/sweep");
  startSweeper();
  onShutdown(async () => stopSweeper());
  const { releaseNotificationLeases, startNotificationWorker, stopNotificationWorker } = await import(
    "@/lib/server/notifications/deliver"
  );
  startNotificationWorker();
  onShutdown(stopNotificationWorker);
  onShutdownClose(async () => void (await releaseNotificationLeases()));
  const { getEnv, ledgerCheckIntervalMs } = await import("@/lib/server/platform/env");
  const { startLedgerChecks, stopLedgerChecks } = await import("@/lib/server/ledger/scheduled-check");
  startLedgerChecks(ledgerCheckIntervalMs());
  onShutdown(stopLedgerChecks);
  const { schedulerIntervalMs } = await import("@/lib/server/platform/env");
  const { startScheduler, stopScheduler } = await import("@/lib/server/schedules/run");
  startScheduler(schedulerIntervalMs());
  onShutdown(stopScheduler);
  const { startOrderRunner, stopOrderRunner } = await import("@/lib/server/orders/run");
  startOrderRunner(schedulerIntervalMs());
  onShutdown(stopOrderRunner);
  const { closeDb } = await import("@/lib/server/db");
  onShutdownClose(closeDb);
  const url = getEnv().ratesSourceUrl;
  if (!url) return;
  const { startRatesRefresh, stopRatesRefresh } = await import("@/lib/server/rates/refresh");
  startRatesRefresh(url);
  onShutdown(async () => stopRatesRefresh());
}
