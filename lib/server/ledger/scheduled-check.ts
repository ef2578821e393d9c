import "server-only";
import { readSnapshot } from "@/lib/server/db/snapshot";
import { getDatabaseUrl } from "@/lib/server/platform/env";
import { checkLedger, describeProblem, LEDGER_CHECK_LOCK, type LedgerCheck } from "@/lib/server/ledger/check";
import { logger } from "@/lib/server/platform/log";
import { recordLedgerCheck } from "@/lib/server/platform/metrics";
import { processState } from "@/lib/server/platform/process-state";

/** The last check's outcome in this process, and its timer (shared by every bundle). */
const state = processState("ledger-check", () => ({
  last: null as LedgerCheck | null,
  timer: null as NodeJS.Timeout | null,
  running: null as Promise<LedgerCheck | null> | null,
}));

/** The last finished check of this process (null before the first). */
export function lastLedgerCheck(): LedgerCheck | null {
  return state.last;
}

/**
 * Checks the ledger now on one read-only snapshot of its own connection (writers never wait for
 * it); on PostgreSQL, instances take turns under an advisory lock. The result goes to the log,
 * the metrics and /api/ready. A check that cannot run is logged and keeps the last result.
 */
export function runLedgerCheck(): Promise<LedgerCheck | null> {
  state.running ??= readSnapshot(getDatabaseUrl(), checkLedger, LEDGER_CHECK_LOCK)
    .then(
      (result) => {
        state.last = result;
        recordLedgerCheck(result);
        const summary = { ...result.counted, problems: result.problemCount, durationMs: result.durationMs };
        if (result.ok) logger.info({ ledgerCheck: summary }, "ledger check passed");
        else logger.error({ ledgerCheck: { ...summary, breaches: result.problems.map(describeProblem) } }, "ledger check failed");
        return result;
      },
      (error: unknown) => {
        logger.warn({ err: error }, "ledger check could not run");
        return null;
      },
    )
    .finally(() => (state.running = null));
  return state.running;
}

/** Checks at start and then every `intervalMs`, once per process. */
export function startLedgerChecks(intervalMs: number): void {
  if (state.timer || intervalMs <= 0) return;
  void runLedgerCheck();
  state.timer = setInterval(() => void runLedgerCheck(), intervalMs);
  state.timer.unref();
}

/** Stops the schedule; resolves when a check under way has ended. */
export async function stopLedgerChecks(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  await state.running;
}
