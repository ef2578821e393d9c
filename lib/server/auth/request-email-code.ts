import "server-only";
import {
  deleteChallenge,
  deleteEmailCode,
  findEmailCode,
  insertChallenge,
  insertEmailCode,
  replaceEmailCode,
} from "@/lib/server/auth/store-codes";
import { sendMail } from "@/lib/server/mail/send-mail";
import { hitRateLimits } from "@/lib/server/limits/rate-limit";
import { CODE_TTL_MS, codeRequestLimits, requesterKey } from "@/lib/server/auth/code-limits";
import { generateCode, hashCode, newChallengeId, sealCode, unsealCode } from "@/lib/server/auth/email-code";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { fill } from "@/lib/shared/strings";
import { DEFAULT_LANGUAGE, DICTIONARIES, type Language } from "@/lib/shared/i18n";
import { clockNow } from "@/lib/server/platform/clock";

type LiveCode = { code: string; expiresAt: Date; fresh: boolean };

/**
 * The address's live code: the one already sent while it lives (a repeated request re-sends it,
 * so nobody else's request can invalidate the code in the owner's mailbox), else a new one.
 */
async function liveCode(email: string): Promise<LiveCode> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = clockNow();
    const row = await findEmailCode(email);
    if (row && row.expiresAt > now) return { code: unsealCode(row.codeSealed), expiresAt: row.expiresAt, fresh: false };
    const code = generateCode();
    const data = { codeHash: hashCode(email, code), codeSealed: sealCode(code), expiresAt: new Date(now.getTime() + CODE_TTL_MS) };
    if (row) {
      // Replace the expired code only if nobody replaced it in the meantime.
      if (await replaceEmailCode(email, row.codeHash, data, now)) return { code, expiresAt: data.expiresAt, fresh: true };
    } else {
      try {
        await insertEmailCode(email, data);
        return { code, expiresAt: data.expiresAt, fresh: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  throw new Error("the sign-in code kept changing under a request");
}

/**
 * Sends the sign-in code to `email` (already normalised by the request schema) and opens a
 * challenge for this request: its id goes back to the requester only, and counts the tries made
 * with it. The answer never tells whether the address belongs to a user. If the e-mail cannot be
 * sent, the challenge (and a code made for it) is withdrawn and MAIL_FAILED is thrown.
 */
export async function requestEmailCode(options: { email: string; ip: string; language?: Language }): Promise<{ challengeId: string }> {
  const { email, ip } = options;
  const texts = DICTIONARIES[options.language ?? DEFAULT_LANGUAGE];
  await hitRateLimits(codeRequestLimits(email, ip));
  const live = await liveCode(email);
  const challenge = { id: newChallengeId(), email, requesterKey: requesterKey(ip), expiresAt: live.expiresAt };
  await insertChallenge(challenge);
  try {
    await sendMail({ to: email, subject: texts.mail.codeSubject, text: fill(texts.mail.codeText, { code: live.code }) });
  } catch (error) {
    await deleteChallenge(challenge.id);
    if (live.fresh) await deleteEmailCode(email, hashCode(email, live.code));
    throw error;
  }
  return { challengeId: challenge.id };
}
