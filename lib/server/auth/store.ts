import "server-only";
import { getDb } from "@/lib/server/db";
import { emailHandleBase, freeUsername, usernameBase } from "@/lib/server/users/username";

/**
 * The statements of signing in: the users it finds or creates (by e-mail, by Telegram id), the
 * init data already used, and the Telegram user a demo signs for. Refresh tokens are in
 * store-tokens.ts, e-mail codes in store-codes.ts.
 */

/** The users whose username starts with `base`: every candidate `freeUsername` may answer is among them. */
const startingWith = (base: string) => ({ where: { username: { startsWith: base } }, select: { username: true } }) as const;

/**
 * The id of the user with `email`, created (with a fresh handle) on first sign-in, in one
 * transaction; null for one of the bank's own users. A unique violation when another sign-in
 * created the same user or handle first.
 */
export function findOrCreateEmailUser(email: string): Promise<number | null> {
  return getDb().$transaction(async (tx) => {
    const existing = await tx.user.findUnique({
      where: { email },
      select: { id: true, isSystem: true },
    });
    if (existing?.isSystem) return null;
    if (existing) return existing.id;
    const base = emailHandleBase();
    const username = freeUsername(base, await tx.user.findMany(startingWith(base)));
    const created = await tx.user.create({ data: { email, username }, select: { id: true } });
    return created.id;
  });
}

/** Remembers used init data until `expiresAt`; a unique violation when it was used before. */
export async function insertUsedInitData(hash: string, expiresAt: Date): Promise<void> {
  await getDb().usedInitData.create({ data: { hash, expiresAt } });
}

export type TelegramSignIn = {
  telegramId: string;
  telegramUsername: string | null;
  telegramFirstName: string;
  photoUrl: string | null;
  language: string;
  allowsWrite: boolean;
  /** The Telegram username as a handle, when it is one anybody may hold (lower case). */
  wanted: string | undefined;
};

/**
 * In one transaction: the user with the Telegram id, created on first sign-in, their Telegram
 * name, username and photo refreshed, and the handle Telegram vouches for (`wanted`) taken from
 * whoever holds it without that proof (an older account, or a Telegram user who has since changed
 * names), who moves aside to a made handle. `allowsWrite` grants bot-may-write, never revokes
 * it. Null for one of the bank's own users; a unique violation when a concurrent sign-in won.
 */
export function saveTelegramUser(user: TelegramSignIn): Promise<number | null> {
  return getDb().$transaction(async (tx) => {
    const unique = async (base: string) => freeUsername(base, await tx.user.findMany(startingWith(base)));
    const telegramData = {
      telegramUsername: user.telegramUsername,
      telegramFirstName: user.telegramFirstName,
      photoUrl: user.photoUrl,
      language: user.language,
    };
    const existing = await tx.user.findUnique({
      where: { telegramId: user.telegramId },
      select: { id: true, username: true, isSystem: true },
    });
    if (existing?.isSystem) return null;
    const { wanted } = user;
    let username = existing?.username ?? null;
    if (wanted !== undefined && username !== wanted) {
      const holder = await tx.user.findUnique({
        where: { username: wanted },
        select: { id: true, email: true, telegramId: true, isSystem: true, telegramUsername: true },
      });
      if (!holder) username = wanted;
      else if (!holder.isSystem && holder.telegramUsername?.toLowerCase() !== wanted) {
        const aside = holder.telegramId
          ? await unique(usernameBase(`tg${holder.telegramId}`))
          : await unique(emailHandleBase());
        await tx.user.update({ where: { id: holder.id }, data: { username: aside } });
        username = wanted;
      }
    }
    username ??= await unique(usernameBase(`tg${user.telegramId}`));
    if (existing) {
      const granted = user.allowsWrite ? { botMayWrite: true } : {};
      await tx.user.update({ where: { id: existing.id }, data: { ...telegramData, ...granted, username } });
      return existing.id;
    }
    const created = await tx.user.create({
      data: { telegramId: user.telegramId, username, ...telegramData, botMayWrite: user.allowsWrite },
      select: { id: true },
    });
    return created.id;
  });
}

export type DemoTelegramUser = {
  id: number;
  telegramId: string | null;
  telegramUsername: string | null;
  telegramFirstName: string | null;
  username: string | null;
  photoUrl: string | null;
};

/** The user with `telegramId`, or without one the first user that has a Telegram id (no system users). */
export function findDemoTelegramUser(telegramId: string | undefined): Promise<DemoTelegramUser | null> {
  return getDb().user.findFirst({
    where: {
      isSystem: false,
      ...(telegramId ? { telegramId } : { telegramId: { not: null } }),
    },
    orderBy: { id: "asc" },
    select: {
      id: true,
      telegramId: true,
      telegramUsername: true,
      telegramFirstName: true,
      username: true,
      photoUrl: true,
    },
  });
}
