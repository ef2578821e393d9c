import "server-only";
import crypto from "node:crypto";
import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { getEnv } from "@/lib/server/platform/env";
import { isFamilyRevoked } from "@/lib/server/auth/store-revocation";
import { familyOfToken, insertRefreshToken, revokeFamily, rotateStoredToken } from "@/lib/server/auth/store-tokens";
import { AppError } from "@/lib/server/platform/errors";
import { distrustSession, knownRevoked, trustSession } from "@/lib/server/auth/session-trust";
import { clockNowMs } from "@/lib/server/platform/clock";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type TokenPair = { access_token: string; refresh_token: string };

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/**
 * The HMAC key imported once per secret: jose imports a raw secret again on every call, which
 * costs more than the signing itself.
 */
let imported: { secret: Uint8Array; key: Promise<CryptoKey>; keyObject: crypto.KeyObject } | null = null;

function keys() {
  const secret = getEnv().jwtSecret;
  if (imported?.secret !== secret) {
    const algorithm = { name: "HMAC", hash: "SHA-256" };
    const key = crypto.webcrypto.subtle.importKey("raw", secret, algorithm, false, ["sign", "verify"]);
    imported = { secret, key, keyObject: crypto.createSecretKey(secret) };
  }
  return imported;
}

/**
 * An access token for `userId` within session `sessionId` (the refresh-token family it was
 * issued with): logging out or a detected theft revokes the session, and with it every access
 * token that names it (see `isSessionRevoked`).
 */
export async function signAccessToken(userId: number, sessionId: string = crypto.randomUUID()): Promise<string> {
  // On the server's clock (jose's own defaults read the system's), as verifyAccessToken reads it.
  const issuedAt = Math.floor(clockNowMs() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await keys().key);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type AccessClaims = { userId: number; sessionId: string };

/**
 * The user and session of a valid access token; null for a missing, forged or expired one, or
 * one without a session (issued before sessions were named).
 *
 * Verified synchronously with node:crypto rather than jose's jwtVerify: every authenticated
 * request passes here, and WebCrypto's asynchronous HMAC costs ~50 µs of the main thread per
 * call (a job handed to the thread pool) against ~3 µs. Stricter than jwtVerify's defaults: the
 * header must say HS256 and nothing critical, the signature must be the canonical encoding, and
 * an expiry is required. A test checks it agrees with jwtVerify on valid and mangled tokens.
 */
export function verifyAccessToken(token: string): AccessClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
  const [header, payload, signature] = parts;
  const expected = crypto.createHmac("sha256", keys().keyObject).update(`${header}.${payload}`).digest("base64url");
  if (signature.length !== expected.length) return null;
  if (!crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  try {
    const head = decodeProtectedHeader(token);
    if (head.alg !== "HS256" || head.crit !== undefined || head.b64 !== undefined) return null;
    const claims = decodeJwt(token);
    const now = Math.floor(clockNowMs() / 1000);
    if (typeof claims.exp !== "number" || claims.exp <= now) return null;
    if (claims.nbf !== undefined && (typeof claims.nbf !== "number" || claims.nbf > now)) return null;
    if (claims.iat !== undefined && typeof claims.iat !== "number") return null;
    const id = Number(claims.sub);
    if (typeof claims.sub !== "string" || !Number.isSafeInteger(id) || id <= 0) return null;
    return typeof claims.sid === "string" && claims.sid ? { userId: id, sessionId: claims.sid } : null;
  } catch {
    return null;
  }
}

async function issueRefreshToken(userId: number, family: string): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await insertRefreshToken({ tokenHash: sha256(token), family, userId, expiresAt: new Date(clockNowMs() + REFRESH_TOKEN_TTL_MS) });
  return token;
}

/** A fresh session: new access token and a refresh token starting a new family. */
export async function issueTokens(userId: number): Promise<TokenPair> {
  const family = crypto.randomUUID();
  return {
    access_token: await signAccessToken(userId, family),
    refresh_token: await issueRefreshToken(userId, family),
  };
}

/**
 * Whether the session an access token names was revoked (logout, or reuse of a refresh token).
 * On every authenticated request: one indexed look-up on the direct SQL path. `fresh` asks the
 * database even when this process trusts the session (a request that sets up money to move
 * later: a revoked session must not leave that behind, even within SESSION_TRUST_MS).
 */
export async function isSessionRevoked(sessionId: string, fresh = false): Promise<boolean> {
  // Trusted for SESSION_TRUST_MS after the last look-up, without one (session-trust.ts).
  const known = knownRevoked(sessionId);
  if (known === true || (known === false && !fresh)) return known;
  const revoked = await isFamilyRevoked(sessionId);
  if (!revoked) trustSession(sessionId);
  return revoked;
}

/** Revokes a session: refused by this process at once, by the others within SESSION_TRUST_MS. */
function endSession(family: string): Promise<void> {
  distrustSession(family);
  return revokeFamily(family);
}

/**
 * Rotation: a refresh token works once. Presenting an already used (or revoked) token means it
 * leaked, so its whole family is revoked and the caller gets 401, and `onTheft` is told which
 * session it was (the caller pauses what that session set up). The claim and the new token are
 * one transaction, and a family with any revoked token issues nothing: of concurrent uses of one
 * token exactly one wins, and the revocation the losers trigger covers the winner's new token too.
 */
export async function rotateRefreshToken(token: string, onTheft?: (sessionId: string) => Promise<unknown>): Promise<TokenPair> {
  const next = crypto.randomBytes(32).toString("base64url");
  const outcome = await rotateStoredToken(sha256(token), { tokenHash: sha256(next), ttlMs: REFRESH_TOKEN_TTL_MS });
  if (outcome.kind === "reused") {
    await endSession(outcome.family);
    await onTheft?.(outcome.family);
  }
  if (outcome.kind !== "rotated") throw new AppError("INVALID_REFRESH_TOKEN");
  return { access_token: await signAccessToken(outcome.userId, outcome.family), refresh_token: next };
}

/** Ends the session the refresh token belongs to. Unknown tokens are ignored. */
export async function revokeRefreshToken(token: string): Promise<void> {
  const family = await familyOfToken(sha256(token));
  if (family) await endSession(family);
}
