import "server-only";
import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { getEnv } from "@/lib/server/env";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type TokenPair = { access_token: string; refresh_token: string };

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/**
 * The HMAC key imported once per secret: jose imports a raw secret again on every call, which
 * costs more than the verification itself on a route every authenticated request passes.
 */
let imported: { secret: Uint8Array; key: Promise<CryptoKey> } | null = null;

function jwtKey(): Promise<CryptoKey> {
  const secret = getEnv().jwtSecret;
  if (imported?.secret !== secret) {
    const algorithm = { name: "HMAC", hash: "SHA-256" };
    const key = crypto.webcrypto.subtle.importKey("raw", secret, algorithm, false, ["sign", "verify"]);
    imported = { secret, key };
  }
  return imported.key;
}

export async function signAccessToken(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await jwtKey());
}

/** The user id of a valid access token; null for a missing, forged or expired one. */
export async function verifyAccessToken(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await jwtKey(), { algorithms: ["HS256"] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

async function issueRefreshToken(userId: number, family: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await getDb().refreshToken.create({
    data: {
      tokenHash: sha256(token),
      family,
      userId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    },
  });
  return token;
}

/** A fresh session: new access token and a refresh token starting a new family. */
export async function issueTokens(userId: number): Promise<TokenPair> {
  return {
    access_token: await signAccessToken(userId),
    refresh_token: await issueRefreshToken(userId, crypto.randomUUID()),
  };
}

/**
 * Rotation: a refresh token works once. Presenting an already used (or revoked) token means it
 * leaked, so its whole family is revoked and the caller gets 401.
 */
export async function rotateRefreshToken(token: string): Promise<TokenPair> {
  const db = getDb();
  const now = new Date();
  const row = await db.refreshToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row) throw new AppError("INVALID_REFRESH_TOKEN");
  if (row.usedAt || row.revokedAt) {
    await db.refreshToken.updateMany({
      where: { family: row.family, revokedAt: null },
      data: { revokedAt: now },
    });
    throw new AppError("INVALID_REFRESH_TOKEN");
  }
  if (row.expiresAt <= now) throw new AppError("INVALID_REFRESH_TOKEN");
  // Conditional update: of two concurrent uses of one token only one may win.
  const claimed = await db.refreshToken.updateMany({
    where: { id: row.id, usedAt: null, revokedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count !== 1) {
    await db.refreshToken.updateMany({ where: { family: row.family }, data: { revokedAt: now } });
    throw new AppError("INVALID_REFRESH_TOKEN");
  }
  return {
    access_token: await signAccessToken(row.userId),
    refresh_token: await issueRefreshToken(row.userId, row.family),
  };
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored. */
export async function revokeRefreshToken(token: string): Promise<void> {
  const db = getDb();
  const row = await db.refreshToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row) return;
  await db.refreshToken.updateMany({
    where: { family: row.family, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}
