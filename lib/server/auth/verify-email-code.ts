import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { issueTokens, type TokenPair } from "@/lib/server/auth/tokens";
import { CODE_MAX_ATTEMPTS } from "@/lib/server/auth/code-limits";
import { hashCode, sameHash } from "@/lib/server/auth/email-code";
import { retryOnConflict, uniqueUsername, usernameBase } from "@/lib/server/users/username";

/**
 * Signs in with an e-mail code; the first sign-in creates the user. Any failure (no code, expired,
 * used up, wrong) is the same INVALID_CODE, so the answer reveals nothing about the address.
 */
export async function verifyEmailCode(options: { email: string; code: string }): Promise<TokenPair> {
  const { email, code } = options;
  const db = getDb();
  const now = new Date();
  // Each try is paid for before the comparison, atomically, so concurrent guesses cannot get
  // more than CODE_MAX_ATTEMPTS comparisons out of one code.
  const claimed = await db.emailCode.updateMany({
    where: { email, attempts: { lt: CODE_MAX_ATTEMPTS }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count !== 1) throw new AppError("INVALID_CODE");
  const row = await db.emailCode.findUnique({ where: { email }, select: { codeHash: true } });
  const codeHash = hashCode(email, code);
  if (!row || !sameHash(row.codeHash, codeHash)) throw new AppError("INVALID_CODE");
  // Single use: of two concurrent correct tries only the one that deletes the row wins.
  const consumed = await db.emailCode.deleteMany({ where: { email, codeHash } });
  if (consumed.count !== 1) throw new AppError("INVALID_CODE");
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
      const username = await uniqueUsername(tx, usernameBase(email.split("@")[0]));
      const created = await tx.user.create({ data: { email, username }, select: { id: true } });
      return created.id;
    }),
  );
}
