import "server-only";
import { z } from "zod";
import type { RateLimit } from "@/lib/server/limits/rate-limit";
import { sha256 } from "@/lib/server/auth/tokens";
import { addressKey } from "@/lib/server/platform/network";

/** Lifetime of an e-mail code and the wrong tries a challenge survives (spec: 10 min, 5 tries). */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Wrong guesses at one address's codes per requester (the address a challenge was requested
 * from), per hour, whatever number of codes and challenges they are spread over.
 */
export const WRONG_GUESSES_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().catch(fallback);

/**
 * Code-request limits, read from the environment on each use so that a test or an operator can
 * tune them without a code change. The e2e suite signs in many times from one address, hence the
 * per-IP limit is configurable separately.
 */
const limitsSchema = z.object({
  AUTH_CODE_LIMIT_PER_EMAIL: positiveInt(5),
  AUTH_CODE_LIMIT_PER_EMAIL_TOTAL: positiveInt(20),
  AUTH_CODE_LIMIT_PER_IP: positiveInt(30),
  AUTH_VERIFY_LIMIT_PER_IP: positiveInt(30),
  AUTH_CODE_LIMIT_WINDOW_SECONDS: positiveInt(600),
});

/**
 * Who asked, as stored with a challenge: a hash, never the address itself. Addresses are counted
 * by `addressKey` (IPv6 by its /64) here and in every per-address limit below.
 */
export function requesterKey(ip: string): string {
  return sha256(`requester\n${addressKey(ip)}`).slice(0, 32);
}

/**
 * The limits a code request for `email` from `ip` must pass: per (e-mail, address) — so
 * strangers' requests do not use up the owner's — per address, and a higher ceiling per e-mail.
 * E-mails are hashed in the keys.
 */
export function codeRequestLimits(email: string, ip: string): RateLimit[] {
  const env = limitsSchema.parse(process.env);
  const windowMs = env.AUTH_CODE_LIMIT_WINDOW_SECONDS * 1000;
  const address = sha256(email);
  return [
    { key: `code:ip:${addressKey(ip)}`, limit: env.AUTH_CODE_LIMIT_PER_IP, windowMs },
    { key: `code:email-ip:${address}:${requesterKey(ip)}`, limit: env.AUTH_CODE_LIMIT_PER_EMAIL, windowMs },
    { key: `code:email:${address}`, limit: env.AUTH_CODE_LIMIT_PER_EMAIL_TOTAL, windowMs },
  ];
}

/** Code checks from one address, whatever e-mail they are for. */
export function verifyLimit(ip: string): RateLimit {
  const env = limitsSchema.parse(process.env);
  return { key: `verify:ip:${addressKey(ip)}`, limit: env.AUTH_VERIFY_LIMIT_PER_IP, windowMs: env.AUTH_CODE_LIMIT_WINDOW_SECONDS * 1000 };
}

/** The counter of wrong guesses at `email`'s codes by one requester. */
export function wrongGuessLimit(email: string, requester: string): RateLimit {
  return { key: `code:wrong:${sha256(email)}:${requester}`, limit: WRONG_GUESSES_PER_HOUR, windowMs: HOUR_MS };
}
