import { route } from "@/lib/server/http";
import { requestEmailCode } from "@/lib/server/auth/request-email-code";
import { codeRequestedDto, requestCodeBody } from "@/lib/shared/schemas/auth";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/auth/email/request-code",
    summary:
      "Send the 6-digit sign-in code by e-mail (a repeated request re-sends the live code); answers a challenge id to present with it",
    tag: "auth",
    auth: false,
    body: requestCodeBody,
    ok: { status: 200, schema: codeRequestedDto },
    errors: ["RATE_LIMITED", "MAIL_FAILED"],
  },
  async ({ body, ip }) => {
    const { challengeId } = await requestEmailCode({ email: body.email, ip });
    return { ok: true as const, challengeId };
  },
);
