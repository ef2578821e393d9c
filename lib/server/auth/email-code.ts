import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/server/env";

/** A fresh 6-digit code, uniformly drawn, leading zeros kept. */
export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * Codes are stored as an HMAC keyed with the server secret and bound to the e-mail, so a leaked
 * table row cannot be brute-forced offline (there are only a million codes) nor reused for
 * another address.
 */
export function hashCode(email: string, code: string): string {
  return crypto.createHmac("sha256", getEnv().jwtSecret).update(`${email}\n${code}`).digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
