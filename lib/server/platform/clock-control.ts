import "server-only";
import { clockNow, clockNowMs, clockOffsetMs, setClock } from "@/lib/server/platform/clock";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import type { ClockDto, MoveClockBody } from "@/lib/shared/schemas/clock";

/** Demo only, with MINIBANK_DEV_CLOCK=1: anywhere else the control does not exist (404). */
function ensureControl(): void {
  if (!getEnv().devClock) throw new AppError("NOT_FOUND");
}

function clockDto(): ClockDto {
  return { now: clockNow().toISOString(), offsetMs: clockOffsetMs() };
}

/** The time on this process's clock. */
export function readClock(): ClockDto {
  ensureControl();
  return clockDto();
}

/**
 * Moves this process's clock (ahead by `advanceMs`, to `now`, or back to the system's), and
 * answers once the scheduler's pass at the new time has ended: what the move made due is made.
 */
export async function moveClock(body: MoveClockBody): Promise<ClockDto> {
  ensureControl();
  const to = body.reset ? null : body.now !== undefined ? Date.parse(body.now) : clockNowMs() + (body.advanceMs ?? 0);
  await setClock(to);
  return clockDto();
}
