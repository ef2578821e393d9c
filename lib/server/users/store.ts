import "server-only";
import { getDb } from "@/lib/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Every statement of the users domain: profiles, look-ups, settings. (A new user's handle is chosen in sign-in's transactions, auth/store.ts.) */

/** The columns the DTOs need (never more). */
const userSelect = {
  id: true,
  username: true,
  email: true,
  telegramUsername: true,
  telegramFirstName: true,
  photoUrl: true,
  notification: true,
  telegramId: true,
  botMayWrite: true,
} as const;

export type UserProfileRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;

export function findProfile(userId: number): Promise<UserProfileRow | null> {
  return getDb().user.findUnique({ where: { id: userId }, select: userSelect });
}

/** How another user is looked for (the raw values as the request carried them). */
export type ProfileQuery =
  | { by: "id"; id: number }
  | { by: "email"; email: string }
  | { by: "telegram"; telegramId: string }
  | { by: "username"; usernames: string[] }
  | { by: "wallet"; number: string };

function whereFor(lookup: ProfileQuery): Prisma.UserWhereInput {
  switch (lookup.by) {
    case "id":
      return { id: lookup.id };
    case "email":
      return { email: lookup.email };
    case "telegram":
      return { telegramId: lookup.telegramId };
    case "username":
      return { username: { in: lookup.usernames } };
    case "wallet":
      // A pocket's number names nobody: its money moves only between it and its account.
      return { wallets: { some: { number: lookup.number, pocket: 0 } } };
  }
}

/** The first user who is not one of the bank's own that `lookup` finds. */
export function findPublicProfile(lookup: ProfileQuery): Promise<UserProfileRow | null> {
  return getDb().user.findFirst({ where: { AND: [whereFor(lookup), { isSystem: false }] }, select: userSelect });
}

/**
 * In one transaction: switches the user's notifications, and with `grantWrite` sets bot-may-write
 * for a user with Telegram; the profile as it is then, or null when the user does not exist.
 */
export function saveNotifications(userId: number, enable: boolean, grantWrite: boolean): Promise<UserProfileRow | null> {
  return getDb().$transaction(async (tx) => {
    const updated = await tx.user.updateMany({ where: { id: userId }, data: { notification: enable } });
    if (updated.count !== 1) return null;
    if (grantWrite) {
      await tx.user.updateMany({ where: { id: userId, telegramId: { not: null } }, data: { botMayWrite: true } });
    }
    return tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSelect });
  });
}

/** Sets bot-may-write for whoever holds the Telegram id, if anyone. */
export async function saveBotMayWrite(telegramId: string, mayWrite: boolean): Promise<void> {
  await getDb().user.updateMany({ where: { telegramId }, data: { botMayWrite: mayWrite } });
}

/** How many users the database holds (a demo seeds an empty one). */
export function countUsers(): Promise<number> {
  return getDb().user.count();
}
