import { completeSignIn } from "@/components/login/complete-sign-in";
import { api } from "@/lib/client/api";
import { anyAnswer, tokenPairDto } from "@/lib/client/dto";
import { requestCodeBody, verifyCodeBody } from "@/lib/shared/schemas/auth";

/**
 * The server calls of the sign-in screens. The screens import this module on demand, so the
 * API client and zod stay out of their first load.
 */

export async function requestEmailCode(email: string): Promise<void> {
  await api("/api/v1/auth/email/request-code", anyAnswer, {
    method: "POST",
    body: requestCodeBody.parse({ email }),
    anonymous: true,
  });
}

/** Exchanges the code for tokens; throws when the code is wrong or expired. */
export function verifyEmailCode(email: string, code: string) {
  return api("/api/v1/auth/email/verify-code", tokenPairDto, {
    method: "POST",
    body: verifyCodeBody.parse({ email, code }),
    anonymous: true,
  });
}

export async function telegramSignIn(initData: string): Promise<void> {
  const tokens = await api("/api/v1/auth/telegram/login", tokenPairDto, {
    method: "POST",
    body: { init_data: initData },
    anonymous: true,
  });
  await completeSignIn(tokens);
}

export { completeSignIn };
