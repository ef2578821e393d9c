import "server-only";
import { processState } from "@/lib/server/platform/process-state";

/**
 * The server's time. Whatever decides by time on the server — the scheduler and its evening
 * warnings, payment requests' and statement links' expiry, tokens and sign-in codes, the limits'
 * windows, split reminders — asks here, never `Date.now()` or `new Date()` (ESLint refuses those
 * in lib/server and app/api), so that the demo's clock control (`POST /api/dev/clock`,
 * clock-control.ts) can move it for a tester. Nothing else moves it: outside a demo started with
 * MINIBANK_DEV_CLOCK=1 it is the system's clock.
 *
 * The clock is an offset from the system's, kept per process (every bundle shares it): with
 * several instances, each has its own and is moved alone.
 */

type Listener = () => Promise<unknown> | void;

const state = processState("clock", () => ({ offsetMs: 0, listeners: new Set<Listener>() }));

/** Milliseconds since the epoch, on the server's clock. */
export function clockNowMs(): number {
  return Date.now() + state.offsetMs;
}

/** How far this process's clock is from the system's (0 unless the demo's control moved it). */
export function clockOffsetMs(): number {
  return state.offsetMs;
}

/** The server's time. */
export function clockNow(): Date {
  return new Date(clockNowMs());
}

/**
 * Sets this process's clock to `toMs` (null: back to the system's), then runs what must notice a
 * moved clock (the scheduler's pass) and waits for it. Only the clock control calls it.
 */
export async function setClock(toMs: number | null): Promise<Date> {
  state.offsetMs = toMs === null ? 0 : toMs - Date.now();
  await Promise.all([...state.listeners].map(async (listener) => listener()));
  return clockNow();
}

/** Calls `listener` each time the clock is moved (awaited by the move); returns what removes it. */
export function onClockMoved(listener: Listener): () => void {
  state.listeners.add(listener);
  return () => void state.listeners.delete(listener);
}
