import { contractOf, requestLanguage, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { requestEmailCode } from "@/lib/server/auth/request-email-code";
import { requestCodeBody } from "@/lib/shared/schemas/auth";

export const POST = route(
  contractOf(operations.requestEmailCode, {
    summary:
      "Send the 6-digit sign-in code by e-mail (a repeated request re-sends the live code); answers a challenge id to present with it",
    description:
      "Sends a 6-digit code to the address (valid 10 minutes, stored hashed). A repeated request while a code is live sends the same code again. The answer carries the challenge id to present with the code. Limited per address and per client address (429 RATE_LIMITED); 502 when the mail cannot be sent.",
    tag: "auth",
    body: requestCodeBody,
    ok: { status: 200 },
    errors: ["RATE_LIMITED", "MAIL_FAILED"],
  }),
  async ({ req, body, ip }) => {
    // The e-mail speaks the language of the screen that asked for it.
    const { challengeId } = await requestEmailCode({ email: body.email, ip, language: requestLanguage(req) });
    return { ok: true as const, challengeId };
  },
);
