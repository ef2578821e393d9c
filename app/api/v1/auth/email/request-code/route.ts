import { route } from "@/lib/server/http";
import { requestEmailCode } from "@/lib/server/auth/request-email-code";
import { requestCodeBody } from "@/lib/shared/schemas/auth";

export const POST = route({ auth: false, body: requestCodeBody }, async ({ body, ip }) => {
  const { challengeId } = await requestEmailCode({ email: body.email, ip });
  return { ok: true, challengeId };
});
