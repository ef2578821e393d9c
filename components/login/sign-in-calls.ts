import { completeSignIn } from "@/components/login/complete-sign-in";
import { ApiError, call } from "@/lib/client/api";
import { operations } from "@/lib/shared/api/operations";
import { requestCodeBody, verifyCodeBody } from "@/lib/shared/schemas/auth";

/**
 * The server calls of the sign-in screens. The screens import this module on demand, so the
 * API client and zod stay out of their first load.
 */

/** Asks for the code; resolves with the challenge id to present with it (when the server gives one). */
export async function requestEmailCode(email: string): Promise<string | undefined> {
  const answer = await call(operations.requestEmailCode, { body: requestCodeBody.parse({ email }) });
  const challengeId = (answer as { challengeId?: unknown } | null)?.challengeId;
  return typeof challengeId === "string" ? challengeId : undefined;
}

/** The server's own words when it refused for too many requests (429), to show instead of a generic failure. */
export function rateLimitMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 429 && error.message ? error.message : null;
}

/** Exchanges the code for tokens; throws when the code is wrong or expired. */
export function verifyEmailCode(email: string, code: string, challengeId?: string) {
  return call(operations.verifyEmailCode, { body: verifyCodeBody.parse({ email, code, challengeId }) });
}

export async function telegramSignIn(initData: string): Promise<void> {
  const tokens = await call(operations.telegramLogin, { body: { init_data: initData } });
  await completeSignIn(tokens);
}

export { completeSignIn };
