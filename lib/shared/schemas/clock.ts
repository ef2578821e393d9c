import { z } from "zod";

/** The farthest one move of the demo's clock may reach ahead (a year and a day). */
export const MAX_CLOCK_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * A move of the demo's clock (`POST /api/dev/clock`): ahead by `advanceMs`, to the instant `now`
 * (ahead or back), or back to the system's time (`reset`). Exactly one of them.
 */
export const moveClockBody = z
  .object({
    advanceMs: z.int().min(0).max(MAX_CLOCK_ADVANCE_MS).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
    reset: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => [b.advanceMs, b.now, b.reset].filter((v) => v !== undefined).length === 1, "exactly one of advanceMs, now, reset");
export type MoveClockBody = z.infer<typeof moveClockBody>;

/** The clock's time, and how far it is from the system's. */
export const clockDto = z.object({ now: z.iso.datetime(), offsetMs: z.int() });
export type ClockDto = z.infer<typeof clockDto>;
