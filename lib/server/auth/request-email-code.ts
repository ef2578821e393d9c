import "server-only";
import { getDb } from "@/lib/server/db";
import { sendMail } from "@/lib/server/mail/send-mail";
import { hitRateLimits } from "@/lib/server/rate-limit";
import { CODE_TTL_MS, codeRequestLimits } from "@/lib/server/auth/code-limits";
import { generateCode, hashCode } from "@/lib/server/auth/email-code";
import { fill, ru } from "@/lib/shared/strings";

/**
 * Sends a new sign-in code to `email` (already normalised by the request schema). The new code
 * replaces any earlier one for that address. The answer never tells whether the address belongs
 * to a user. If the e-mail cannot be sent, the code is withdrawn and MAIL_FAILED is thrown.
 */
export async function requestEmailCode(options: { email: string; ip: string }): Promise<void> {
  const { email, ip } = options;
  await hitRateLimits(codeRequestLimits(email, ip));
  const code = generateCode();
  const codeHash = hashCode(email, code);
  const expiresAt = new Date(Date.now() + CODE_TTL_MS);
  const db = getDb();
  await db.emailCode.upsert({
    where: { email },
    create: { email, codeHash, expiresAt },
    update: { codeHash, expiresAt, attempts: 0, createdAt: new Date() },
  });
  try {
    await sendMail({ to: email, subject: ru.mail.codeSubject, text: fill(ru.mail.codeText, { code }) });
  } catch (error) {
    // Only this code is withdrawn: a newer request may already have replaced it.
    await db.emailCode.deleteMany({ where: { email, codeHash } });
    throw error;
  }
}
