import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/server/platform/env";
import { MAX_AVATAR_N } from "@/lib/server/users/avatar-svg";

/**
 * Sealed avatar names: the generated picture of avatar number n under a name that does not give n
 * (the user id modulo 1,000,000) away, for answers that reach whoever holds a link rather than a
 * known counterparty (a payment request's requester). One AES block — a tag and n — encrypted
 * with a key derived from JWT_SECRET: the same n always has the same name, the name is useless
 * without the key, and a name nobody sealed opens to nothing.
 */
const TAG = Buffer.from("minibank-avatar:");
const SEALED_NAME = /^([A-Za-z0-9_-]{22})\.svg$/;

function key(): Buffer {
  return crypto.createHmac("sha256", getEnv().jwtSecret).update("minibank avatar name").digest();
}

function block(n: number): Buffer {
  const plain = Buffer.alloc(16);
  TAG.copy(plain, 0, 0, 12);
  plain.writeUInt32BE(n, 12);
  return plain;
}

/** `<sealed>.svg` for avatar number n. */
export function sealAvatarNumber(n: number): string {
  const cipher = crypto.createCipheriv("aes-256-ecb", key(), null).setAutoPadding(false);
  return `${Buffer.concat([cipher.update(block(n)), cipher.final()]).toString("base64url")}.svg`;
}

/** The avatar number a sealed name stands for; null for any other name. */
export function openAvatarName(file: string): number | null {
  const match = SEALED_NAME.exec(file);
  if (!match) return null;
  const sealed = Buffer.from(match[1], "base64url");
  if (sealed.length !== 16 || sealed.toString("base64url") !== match[1]) return null;
  const decipher = crypto.createDecipheriv("aes-256-ecb", key(), null).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
  const n = plain.readUInt32BE(12);
  return plain.subarray(0, 12).equals(TAG.subarray(0, 12)) && n <= MAX_AVATAR_N ? n : null;
}
