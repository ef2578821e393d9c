import { processState } from "@/lib/server/platform/process-state";

/**
 * Work a server process finishes before it exits on SIGTERM/SIGINT (scripts/serve.ts), registered
 * by whichever bundle started it (instrumentation.ts starts the notification worker). Per process,
 * shared by every bundle; no `server-only`, as the serving script outside the React server graph
 * runs the hooks. Hooks stop work (timers, workers); closers run after every hook has ended
 * (the database connection the hooks still used).
 */
const state = processState("shutdown", () => ({
  hooks: new Set<() => Promise<void>>(),
  closers: new Set<() => Promise<void>>(),
}));

export function onShutdown(hook: () => Promise<void>): void {
  state.hooks.add(hook);
}

/** Runs after every shutdown hook has ended (or their time is up), in registration order. */
export function onShutdownClose(closer: () => Promise<void>): void {
  state.closers.add(closer);
}

/** Waits for `work`, for at most `limit` ms. */
async function within(work: Promise<unknown>, limit: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, limit)))]);
  clearTimeout(timer);
}

/**
 * Runs every hook at once, until all have ended or `ms` has passed: the background work stops,
 * and the database stays open (a process that goes on without it, such as a test that started it).
 */
export async function stopBackgroundWork(ms: number): Promise<void> {
  await within(Promise.allSettled([...state.hooks].map((hook) => hook())), ms);
}

/**
 * Stops the background work (`stopBackgroundWork`); then runs the closers, one after another in
 * the order they were registered (what still holds work gives it back before the database
 * closes), for at most `closeMs` more.
 */
export async function runShutdownHooks(ms: number, closeMs = 2_000): Promise<void> {
  await stopBackgroundWork(ms);
  const close = async () => {
    for (const closer of state.closers) await closer().catch(() => undefined);
  };
  await within(close(), closeMs);
}

/**
 * How long a stopping server lets requests under way finish, and then its background work
 * (SHUTDOWN_TIMEOUT_SECONDS, default 10; each phase gets it). Read by the serving script, which
 * runs outside the server's bundles.
 */
export function shutdownTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? "10");
  return Number.isFinite(value) && value > 0 ? value * 1000 : 10_000;
}
