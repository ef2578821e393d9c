import "server-only";
import { findPublicProfile, type ProfileQuery } from "@/lib/server/users/store";
import { AppError } from "@/lib/server/platform/errors";
import { normalizeEmail } from "@/lib/shared/email";
import { toPublicUserDto } from "@/lib/server/users/dto";
import { countLookup } from "@/lib/server/users/lookup-limit";
import type { PublicUserDto } from "@/lib/shared/schemas/users";

export type UserLookup =
  | { by: "id"; id: number }
  | { by: "email"; email: string }
  | { by: "telegram"; telegramId: string }
  | { by: "username"; username: string }
  | { by: "wallet"; number: string };

/** The look-up as the store runs it; null for one that can find nobody. */
function storedLookup(lookup: UserLookup): ProfileQuery | null {
  switch (lookup.by) {
    case "id":
      return lookup;
    case "email": {
      // E-mails are stored in their canonical form (the request schema normalises them).
      const email = normalizeEmail(lookup.email);
      return email ? { by: "email", email } : null;
    }
    case "telegram":
      return lookup;
    case "username": {
      // Usernames are created in lower case; older or imported ones may not be.
      const raw = lookup.username.trim().replace(/^@/, "");
      return raw ? { by: "username", usernames: [...new Set([raw, raw.toLowerCase()])] } : null;
    }
    case "wallet":
      return { by: "wallet", number: lookup.number.trim() };
  }
}

/**
 * Finds another user and returns only their public profile (never e-mail or balances). The
 * bank's system users are never found. Unknown → USER_NOT_FOUND.
 */
export async function findUser(lookup: UserLookup, callerId: number): Promise<PublicUserDto> {
  await countLookup(callerId);
  const stored = storedLookup(lookup);
  const user = stored ? await findPublicProfile(stored) : null;
  if (!user) throw new AppError("USER_NOT_FOUND");
  return toPublicUserDto(user);
}
