import "server-only";
import { challengeRequester, claimChallengeTry, claimCodeTry, deleteChallengesOf, deleteEmailCode, findEmailCode } from "@/lib/server/auth/store-codes";
import { findOrCreateEmailUser } from "@/lib/server/auth/store";
import { AppError } from "@/lib/server/platform/errors";
import { issueTokens, type TokenPair } from "@/lib/server/auth/tokens";
import { CODE_MAX_ATTEMPTS, requesterKey, verifyLimit, wrongGuessLimit } from "@/lib/server/auth/code-limits";
import { checkRateLimit, hitRateLimit, recordHit } from "@/lib/server/limits/rate-limit";
import { hashCode, sameHash } from "@/lib/server/auth/email-code";
import { retryOnConflict } from "@/lib/server/users/username";
import { clockNow } from "@/lib/server/platform/clock";

/**
 * Pays for one try before the comparison, atomically, so concurrent guesses cannot get more than
 * CODE_MAX_ATTEMPTS comparisons: on the challenge when one is presented (its own counter, which
 * nobody else's guesses touch), else on the address's code (the spec's `{email, code}` payload).
 * Returns whose guess it is: the challenge's requester, or the guessing address.
 */
async function claimTry(email: string, challengeId: string | undefined, ip: string): Promise<string> {
  const now = clockNow();
  if (challengeId) {
    if (!(await claimChallengeTry(challengeId, email, CODE_MAX_ATTEMPTS, now))) throw new AppError("INVALID_CODE");
    const requester = await challengeRequester(challengeId);
    if (requester === null) throw new AppError("INVALID_CODE");
    return requester;
  }
  if (!(await claimCodeTry(email, CODE_MAX_ATTEMPTS, now))) throw new AppError("INVALID_CODE");
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
  await hitRateLimit(verifyLimit(ip));
  const requester = await claimTry(email, challengeId, ip);
  const wrongGuesses = wrongGuessLimit(email, requester);
  await checkRateLimit(wrongGuesses);
  const row = await findEmailCode(email);
  const codeHash = hashCode(email, code);
  if (!row || row.expiresAt <= clockNow() || !sameHash(row.codeHash, codeHash)) {
    await recordHit(wrongGuesses);
    throw new AppError("INVALID_CODE");
  }
  // Single use: of two concurrent correct tries only the one that deletes the row wins.
  if (!(await deleteEmailCode(email, codeHash))) throw new AppError("INVALID_CODE");
  await deleteChallengesOf(email);
  // The bank's own users hold its wallets; nobody may sign in as one.
  const userId = await retryOnConflict(() => findOrCreateEmailUser(email));
  if (userId === null) throw new AppError("INVALID_CODE");
  return issueTokens(userId);
}
