import "server-only";
import { z } from "zod";
import type { RateLimit } from "@/lib/server/rate-limit";
import { sha256 } from "@/lib/server/auth/tokens";

/** Lifetime of an e-mail code and the wrong tries it survives (spec: 10 min, 5 tries). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().catch(fallback);

/**
 * Code-request limits, read from the environment on each use so that a test or an operator can
 * tune them without a code change. The e2e suite signs in many times from one address, hence the
 * per-IP limit is configurable separately.
 */
const limitsSchema = z.object({
  AUTH_CODE_LIMIT_PER_EMAIL: positiveInt(5),
  AUTH_CODE_LIMIT_PER_IP: positiveInt(30),
  AUTH_CODE_LIMIT_WINDOW_SECONDS: positiveInt(600),
});

/** The limits a code request for `email` from `ip` must pass. The e-mail is hashed in the key. */
export function codeRequestLimits(email: string, ip: string): RateLimit[] {
  const env = limitsSchema.parse(process.env);
  const windowMs = env.AUTH_CODE_LIMIT_WINDOW_SECONDS * 1000;
  return [
    { key: `code:ip:${ip}`, limit: env.AUTH_CODE_LIMIT_PER_IP, windowMs },
    { key: `code:email:${sha256(email)}`, limit: env.AUTH_CODE_LIMIT_PER_EMAIL, windowMs },
  ];
}
