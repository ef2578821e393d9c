import { processState } from "@/lib/server/process-state";

/**
 * Work a server process finishes before it exits on SIGTERM/SIGINT (scripts/serve.ts), registered
 * by whichever bundle started it (instrumentation.ts starts the notification worker). Per process,
 * shared by every bundle; no `server-only`, as the serving script outside the React server graph
 * runs the hooks.
 */
const state = processState("shutdown", () => ({ hooks: new Set<() => Promise<void>>() }));

export function onShutdown(hook: () => Promise<void>): void {
  state.hooks.add(hook);
}

/** Runs every hook at once and resolves when all have ended, or after `ms`, whichever is first. */
export async function runShutdownHooks(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([Promise.allSettled([...state.hooks].map((hook) => hook())), deadline]);
  clearTimeout(timer);
}
