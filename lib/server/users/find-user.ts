import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/platform/errors";
import { normalizeEmail } from "@/lib/shared/email";
import { toPublicUserDto, userSelect } from "@/lib/server/users/dto";
import { countLookup } from "@/lib/server/users/lookup-limit";
import type { PublicUserDto } from "@/lib/shared/schemas/users";
import type { Prisma } from "@/lib/generated/prisma/client";

export type UserLookup =
  | { by: "id"; id: number }
  | { by: "email"; email: string }
  | { by: "telegram"; telegramId: string }
  | { by: "username"; username: string }
  | { by: "wallet"; number: string };

function whereFor(lookup: UserLookup): Prisma.UserWhereInput | null {
  switch (lookup.by) {
    case "id":
      return { id: lookup.id };
    case "email": {
      // E-mails are stored in their canonical form (the request schema normalises them).
      const email = normalizeEmail(lookup.email);
      return email ? { email } : null;
    }
    case "telegram":
      return { telegramId: lookup.telegramId };
    case "username": {
      // Usernames are created in lower case; older or imported ones may not be.
      const raw = lookup.username.trim().replace(/^@/, "");
      return raw ? { username: { in: [...new Set([raw, raw.toLowerCase()])] } } : null;
    }
    case "wallet":
      return { wallets: { some: { number: lookup.number.trim() } } };
  }
}

/**
 * Finds another user and returns only their public profile (never e-mail or balances). The
 * bank's system users are never found. Unknown → USER_NOT_FOUND.
 */
export async function findUser(lookup: UserLookup, callerId: number): Promise<PublicUserDto> {
  await countLookup(callerId);
  const where = whereFor(lookup);
  const user = where
    ? await getDb().user.findFirst({ where: { AND: [where, { isSystem: false }] }, select: userSelect })
    : null;
  if (!user) throw new AppError("USER_NOT_FOUND");
  return toPublicUserDto(user);
}
