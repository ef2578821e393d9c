import "server-only";
import { soundsLikeTheBank } from "@/lib/server/users/lookalikes";
import { hasLink } from "@/lib/server/users/public-name";
import { hasInvisible, hasLineBreaking } from "@/lib/shared/plain-text";

/** Ten digits or more, with spaces, dashes, dots or brackets between them: a phone or card number to act on. */
const LONG_NUMBER = /\d(?:[\s().-]*\d){9,}/u;

/**
 * Whether text a person typed (a transfer's or a request's message, a name) may go into a
 * message the bot sends or prepares — a notice, a shared payment request, a shared receipt — where
 * it reads as the bank's own words: one line, nothing invisible, no link or address, no phone
 * or card number, nothing that passes for the bank or asks for what the bank asks for (a code,
 * a password; lookalikes.ts). Text that fails stays where only its own screen shows it (the
 * receipt in the app); the bot's message says where to find it or leaves it out.
 */
export function quotable(text: string): boolean {
  const normal = text.normalize("NFKC");
  return (
    !hasLineBreaking(normal) && !hasInvisible(normal) && !hasLink(normal) && !LONG_NUMBER.test(normal) && !soundsLikeTheBank(normal)
  );
}
