import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { verifyEmailCode } from "@/lib/server/auth/verify-email-code";
import { verifyCodeBody } from "@/lib/shared/schemas/auth";

export const POST = route(
  contractOf(operations.verifyEmailCode, {
    summary: "Exchange an e-mail code for tokens (with the request's challengeId, tries count on that challenge only)",
    description:
      "Exchanges the e-mailed code for an access token (15 minutes) and a refresh token (30 days). The address is compared case-insensitively and creates the user on first sign-in. At most 5 wrong tries per code, counted on the request's challenge; a wrong or expired code answers 401.",
    tag: "auth",
    body: verifyCodeBody,
    ok: { status: 200 },
    errors: ["INVALID_CODE", "RATE_LIMITED"],
  }),
  ({ body, ip }) => verifyEmailCode({ email: body.email, code: body.code, challengeId: body.challengeId, ip }),
);
