import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { issueTokens, type TokenPair } from "@/lib/server/auth/tokens";
import { CODE_MAX_ATTEMPTS, requesterKey, verifyLimit, wrongGuessLimit } from "@/lib/server/auth/code-limits";
import { checkRateLimit, hitRateLimit, recordHit } from "@/lib/server/limits/rate-limit";
import { hashCode, sameHash } from "@/lib/server/auth/email-code";
import { emailHandleBase, retryOnConflict, uniqueUsername } from "@/lib/server/users/username";

/**
 * Pays for one try before the comparison, atomically, so concurrent guesses cannot get more than
 * CODE_MAX_ATTEMPTS comparisons: on the challenge when one is presented (its own counter, which
 * nobody else's guesses touch), else on the address's code (the spec's `{email, code}` payload).
 * Returns whose guess it is: the challenge's requester, or the guessing address.
 */
async function claimTry(email: string, challengeId: string | undefined, ip: string): Promise<string> {
  const db = getDb();
  const now = new Date();
  if (challengeId) {
    const claimed = await db.emailChallenge.updateMany({
      where: { id: challengeId, email, attempts: { lt: CODE_MAX_ATTEMPTS }, expiresAt: { gt: now } },
      data: { attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) throw new AppError("INVALID_CODE");
    const challenge = await db.emailChallenge.findUnique({ where: { id: challengeId }, select: { requesterKey: true } });
    if (!challenge) throw new AppError("INVALID_CODE");
    return challenge.requesterKey;
  }
  const claimed = await db.emailCode.updateMany({
    where: { email, attempts: { lt: CODE_MAX_ATTEMPTS }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count !== 1) throw new AppError("INVALID_CODE");
  return requesterKey(ip);
}

/**
 * Signs in with an e-mail code; the first sign-in creates the user. Any failure (no code, expired,
 * used up, wrong) is the same INVALID_CODE, so the answer reveals nothing about the address.
 * Limits: code checks per address (any e-mail), tries per challenge, and wrong guesses per
 * (e-mail, requester) per hour across every code and challenge (429 once used up).
 */
export async function verifyEmailCode(options: {
  email: string;
  code: string;
  challengeId?: string;
  ip: string;
}): Promise<TokenPair> {
  const { email, code, challengeId, ip } = options;
  const db = getDb();
  await hitRateLimit(verifyLimit(ip));
  const requester = await claimTry(email, challengeId, ip);
  const wrongGuesses = wrongGuessLimit(email, requester);
  await checkRateLimit(wrongGuesses);
  const row = await db.emailCode.findUnique({ where: { email }, select: { codeHash: true, expiresAt: true } });
  const codeHash = hashCode(email, code);
  if (!row || row.expiresAt <= new Date() || !sameHash(row.codeHash, codeHash)) {
    await recordHit(wrongGuesses);
    throw new AppError("INVALID_CODE");
  }
  // Single use: of two concurrent correct tries only the one that deletes the row wins.
  const consumed = await db.emailCode.deleteMany({ where: { email, codeHash } });
  if (consumed.count !== 1) throw new AppError("INVALID_CODE");
  await db.emailChallenge.deleteMany({ where: { email } });
  const userId = await findOrCreateEmailUser(email);
  return issueTokens(userId);
}

async function findOrCreateEmailUser(email: string): Promise<number> {
  return retryOnConflict(() =>
    getDb().$transaction(async (tx) => {
      const existing = await tx.user.findUnique({
        where: { email },
        select: { id: true, isSystem: true },
      });
      // The bank's own users hold its wallets; nobody may sign in as one.
      if (existing?.isSystem) throw new AppError("INVALID_CODE");
      if (existing) return existing.id;
      const username = await uniqueUsername(tx, emailHandleBase());
      const created = await tx.user.create({ data: { email, username }, select: { id: true } });
      return created.id;
    }),
  );
}
