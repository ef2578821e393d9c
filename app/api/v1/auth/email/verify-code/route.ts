import { route } from "@/lib/server/http";
import { verifyEmailCode } from "@/lib/server/auth/verify-email-code";
import { verifyCodeBody } from "@/lib/shared/schemas/auth";

export const POST = route({ auth: false, body: verifyCodeBody }, ({ body, ip }) =>
  verifyEmailCode({ email: body.email, code: body.code, challengeId: body.challengeId, ip }),
);
