import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { processState } from "@/lib/server/platform/process-state";

/** Sessions remembered at most; past it the memory starts again (every session is then asked once more). */
const MAX_REMEMBERED = 50_000;

/**
 * What this process knows of sessions without asking the database: a session found not revoked
 * is trusted for SESSION_TRUST_MS (default 1 s) after that answer, so a customer's requests in a
 * burst cost one look-up, not one each; a session revoked here (logout, a refresh token's reuse)
 * is known revoked at once and for good (revocation is never undone). A session revoked on another
 * instance may go on being accepted here for at most SESSION_TRUST_MS (docs/security.md).
 */
const state = processState("session-trust", () => ({ sessions: new Map<string, number | "revoked">() }));

/** Whether `sessionId` was revoked, as far as this process knows: true, false, or null (ask the database). */
export function knownRevoked(sessionId: string): boolean | null {
  const entry = state.sessions.get(sessionId);
  if (entry === "revoked") return true;
  if (entry !== undefined && entry > performance.now()) return false;
  return null;
}

/** The database answered that `sessionId` is not revoked: trust it for a while (unless revoked here meanwhile). */
export function trustSession(sessionId: string): void {
  const ms = getEnv().sessionTrustMs;
  if (ms <= 0 || state.sessions.get(sessionId) === "revoked") return;
  if (state.sessions.size >= MAX_REMEMBERED) state.sessions.clear();
  state.sessions.set(sessionId, performance.now() + ms);
}

/** `sessionId` is being revoked in this process: refused from now on, before the database says so. */
export function distrustSession(sessionId: string): void {
  if (state.sessions.size >= MAX_REMEMBERED) state.sessions.clear();
  state.sessions.set(sessionId, "revoked");
}
