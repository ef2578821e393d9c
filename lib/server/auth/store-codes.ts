import "server-only";
import { getDb } from "@/lib/server/db";

/**
 * Every statement of e-mail sign-in codes (one live code per address, stored hashed and sealed)
 * and challenges (one per code request, counting the tries made with it).
 */

export type StoredCode = { codeHash: string; codeSealed: string; expiresAt: Date };

export async function findEmailCode(email: string): Promise<StoredCode | null> {
  return getDb().emailCode.findUnique({ where: { email }, select: { codeHash: true, codeSealed: true, expiresAt: true } });
}

/** Replaces the address's code only if it is still the one hashed `previousHash`; true when it did. */
export async function replaceEmailCode(email: string, previousHash: string, code: StoredCode, now: Date): Promise<boolean> {
  const replaced = await getDb().emailCode.updateMany({
    where: { email, codeHash: previousHash },
    data: { ...code, attempts: 0, createdAt: now },
  });
  return replaced.count === 1;
}

/** Stores the address's first code; a unique violation when another request stored one first. */
export async function insertEmailCode(email: string, code: StoredCode): Promise<void> {
  await getDb().emailCode.create({ data: { email, ...code } });
}

/** Deletes the address's code if it is the one hashed `codeHash`; true when it did (single use). */
export async function deleteEmailCode(email: string, codeHash: string): Promise<boolean> {
  const deleted = await getDb().emailCode.deleteMany({ where: { email, codeHash } });
  return deleted.count === 1;
}

/** Counts one try on the address's live code with tries left; false when there is none. */
export async function claimCodeTry(email: string, maxAttempts: number, now: Date): Promise<boolean> {
  const claimed = await getDb().emailCode.updateMany({
    where: { email, attempts: { lt: maxAttempts }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  return claimed.count === 1;
}

export type NewChallenge = { id: string; email: string; requesterKey: string; expiresAt: Date };

export async function insertChallenge(challenge: NewChallenge): Promise<void> {
  await getDb().emailChallenge.create({ data: challenge, select: { id: true } });
}

export async function deleteChallenge(id: string): Promise<void> {
  await getDb().emailChallenge.deleteMany({ where: { id } });
}

export async function deleteChallengesOf(email: string): Promise<void> {
  await getDb().emailChallenge.deleteMany({ where: { email } });
}

/** Counts one try on a live challenge of `email` with tries left; false when there is none. */
export async function claimChallengeTry(id: string, email: string, maxAttempts: number, now: Date): Promise<boolean> {
  const claimed = await getDb().emailChallenge.updateMany({
    where: { id, email, attempts: { lt: maxAttempts }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  return claimed.count === 1;
}

/** Who asked for the challenge (see code-limits.ts `requesterKey`), or null when it is gone. */
export async function challengeRequester(id: string): Promise<string | null> {
  const challenge = await getDb().emailChallenge.findUnique({ where: { id }, select: { requesterKey: true } });
  return challenge?.requesterKey ?? null;
}
