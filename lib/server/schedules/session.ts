import "server-only";
import { isSessionRevoked } from "@/lib/server/auth/tokens";
import { sessionPausedNotice } from "@/lib/server/schedules/notices";
import { pauseSessionSchedules } from "@/lib/server/schedules/store";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * A schedule moves money later, after the session that made it may have ended: what a revoked
 * session set up must not outlive it. Creating and resuming ask the database whether the session
 * is revoked (the routes' `freshSession`, never this process's trust of SESSION_TRUST_MS), and
 * again once stored (`revokedMeanwhile`), so a revocation that lands between the two is caught by
 * one side or the other: the request undoes what it did, or the revocation sees the schedule.
 */

/** Whether `sessionId` was revoked by now, as the database says (false without a session). */
export async function revokedMeanwhile(sessionId: string | null): Promise<boolean> {
  return sessionId !== null && (await isSessionRevoked(sessionId, true));
}

/**
 * A refresh token's reuse (a theft) revoked session `sessionId`: the schedules it created that are
 * still active pause, and their owner is told so (the bot or e-mail), to resume those that are
 * theirs. Called after the revocation is stored, so every schedule that session stored before it
 * is seen here.
 */
export function pauseSchedulesOfStolenSession(sessionId: string, now: Date = clockNow()): Promise<number> {
  return pauseSessionSchedules(sessionId, now, sessionPausedNotice);
}
