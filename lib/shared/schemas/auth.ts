import { z } from "zod";
import { says, type MessageKey } from "@/lib/shared/languages";
import { normalizeEmail } from "@/lib/shared/email";
import * as answers from "@/lib/shared/api/dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

/** An e-mail address in its canonical form (lib/shared/email.ts); anything else is refused. */
export const emailSchema = z.string(says("login.invalidEmail")).transform((raw, ctx) => {
  const email = normalizeEmail(raw);
  if (email === null) {
    ctx.addIssue({ code: "custom", message: "login.invalidEmail" satisfies MessageKey });
    return z.NEVER;
  }
  return email;
});

export const PIN_LENGTH = 6;

export const requestCodeBody = z.object({ email: emailSchema });

export const verifyCodeBody = z.object({
  email: emailSchema,
  code: z.string(says("login.wrongCode")).regex(/^\d{6}$/, says("login.wrongCode")),
  /** The id request-code answered with; optional, so the spec's `{email, code}` keeps working. */
  challengeId: z.string().regex(/^[\w-]{10,64}$/).optional(),
});

export const telegramLoginBody = z.object({
  init_data: z.string().min(1).max(8192),
});

export const refreshBody = z.object({ refresh_token: z.string().min(1).max(512) });

export const logoutBody = z.object({ refresh_token: z.string().max(512).optional() });

export const tokenPairDto = zodOf(answers.tokenPairDto);
export type { TokenPairDto } from "@/lib/shared/api/dtos";

export const okDto = zodOf(answers.okDto);
/** request-code's answer: the challenge to present with the code. */
export const codeRequestedDto = zodOf(answers.codeRequestedDto);

/** Demo-only init data request; the id is checked after the demo-mode check (404 first). */
export const demoInitDataQuery = z.object({ telegramId: z.string().optional() });
export const initDataDto = zodOf(answers.initDataDto);
