import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/server/platform/env";

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

/** The key that seals live codes (so a repeated request can re-send the same code). */
function sealingKey(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", getEnv().jwtSecret, Buffer.alloc(0), "minibank e-mail code", 32));
}

/** A code encrypted and authenticated with AES-256-GCM under the server's key: iv.tag.data. */
export function sealCode(code: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(), iv);
  const data = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

/** The code inside `sealed`; throws when it was not sealed with this server's key. */
export function unsealCode(sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** A challenge id: 128 random bits. */
export function newChallengeId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
