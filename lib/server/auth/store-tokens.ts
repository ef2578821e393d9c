import "server-only";
import { getDb } from "@/lib/server/db";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * The statements of refresh tokens and sessions, through the Prisma model API. A session is a
 * refresh-token family: the tokens issued one after another from one sign-in. Whether a session
 * was revoked, asked on every authenticated request, is direct SQL in store-revocation.ts.
 */

export type NewRefreshToken = { tokenHash: string; family: string; userId: number; expiresAt: Date };

export async function insertRefreshToken(token: NewRefreshToken): Promise<void> {
  await getDb().refreshToken.create({ data: token });
}

export async function revokeFamily(family: string): Promise<void> {
  await getDb().refreshToken.updateMany({ where: { family, revokedAt: null }, data: { revokedAt: clockNow() } });
}

/** The family of a stored token, or null for a token nobody issued. */
export async function familyOfToken(tokenHash: string): Promise<string | null> {
  const row = await getDb().refreshToken.findUnique({ where: { tokenHash }, select: { family: true } });
  return row?.family ?? null;
}

export type Rotation =
  | { kind: "unknown" }
  | { kind: "reused"; family: string }
  | { kind: "rotated"; userId: number; family: string };

/**
 * In one transaction: marks the token `tokenHash` used and stores its successor `next` (same
 * family and user, expiring `ttlMs` after now), unless the token is unknown or expired, or it or
 * any token of its family was used or revoked already ("reused").
 */
export function rotateStoredToken(tokenHash: string, next: { tokenHash: string; ttlMs: number }): Promise<Rotation> {
  return getDb().$transaction(async (tx): Promise<Rotation> => {
    const now = clockNow();
    const row = await tx.refreshToken.findUnique({ where: { tokenHash } });
    if (!row) return { kind: "unknown" };
    if (row.usedAt || row.revokedAt) return { kind: "reused", family: row.family };
    if (row.expiresAt <= now) return { kind: "unknown" };
    const revoked = await tx.refreshToken.count({ where: { family: row.family, revokedAt: { not: null } } });
    if (revoked > 0) return { kind: "reused", family: row.family };
    const claimed = await tx.refreshToken.updateMany({
      where: { id: row.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return { kind: "reused", family: row.family };
    await tx.refreshToken.create({
      data: {
        tokenHash: next.tokenHash,
        family: row.family,
        userId: row.userId,
        expiresAt: new Date(now.getTime() + next.ttlMs),
      },
    });
    return { kind: "rotated", userId: row.userId, family: row.family };
  });
}
