import "server-only";
import { clockNow, onClockMoved } from "@/lib/server/platform/clock";
import { processState } from "@/lib/server/platform/process-state";

/** A worker that runs a pass at a time: its start and its stop. */
export type Passes = { start: (intervalMs: number, clock?: () => Date) => void; stop: () => Promise<void> };

/**
 * Passes of `run`, once per process (`name` keys its state): one now, then every `intervalMs`, and
 * whenever the clock is moved (the demo's control: the move waits for the pass at the new time).
 * Never two at once: a pass asked for while one runs runs again once that one ends. `stop`
 * resolves when a pass under way has ended. The scheduler and the orders' runner are two.
 */
export function periodicPasses(name: string, run: (now: Date) => Promise<void>): Passes {
  const state = processState(name, () => ({
    timer: null as NodeJS.Timeout | null,
    running: null as Promise<unknown> | null,
    again: false,
    stopWaking: null as (() => void) | null,
  }));
  const start = (intervalMs: number, clock: () => Date = clockNow): void => {
    if (state.timer || intervalMs <= 0) return;
    const pass = (): Promise<unknown> => {
      if (state.running) {
        state.again = true;
        return state.running;
      }
      state.running = run(clock()).finally(() => {
        state.running = null;
        if (state.again && state.timer) {
          state.again = false;
          void pass();
        }
      });
      return state.running;
    };
    void pass();
    state.timer = setInterval(pass, intervalMs);
    state.timer.unref();
    state.stopWaking = onClockMoved(async () => {
      await pass();
      while (state.running) await state.running;
    });
  };
  const stop = async (): Promise<void> => {
    if (state.timer) clearInterval(state.timer);
    state.timer = null;
    state.again = false;
    state.stopWaking?.();
    state.stopWaking = null;
    await state.running;
  };
  return { start, stop };
}
