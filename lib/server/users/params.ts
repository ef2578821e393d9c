import "server-only";
import { z } from "zod";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import { idParam } from "@/lib/shared/schemas/users";

/** Path segments may arrive still percent-encoded (e.g. `%40` in an e-mail); decode once, safely. */
function decodeSegment(value: string): string {
  try {
    return value.includes("%") ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

const segment = (max: number) => z.string().transform(decodeSegment).pipe(z.string().min(1).max(max));

export const userIdParams = z.object({ id: idParam });
export const emailParams = z.object({ email: segment(254) });
export const telegramIdParams = z.object({ id: z.string().regex(/^\d{1,20}$/) });
export const usernameParams = z.object({ username: segment(64) });
/** As the app shows it ("2202 9413 5793 3750") or as stored: spaces and dashes are dropped. */
export const walletNumberParams = z.object({
  number: segment(64).transform(normalizeAccountNumber).pipe(z.string().min(1)),
});

/**
 * The contract every profile lookup shares, beside its entry in the operations table (`contractOf`):
 * a public profile, or not found, or too many lookups.
 */
export function profileLookup<P extends z.ZodObject>(summary: string, params: P) {
  return {
    summary,
    description: `${summary}: another user's public profile (id, username, display name, avatar), never the e-mail address or balances. 404 USER_NOT_FOUND when nobody matches (the bank's own user included); lookups are limited per caller (429 RATE_LIMITED).`,
    tag: "users",
    params,
    ok: { status: 200 },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  } as const;
}
