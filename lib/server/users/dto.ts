import "server-only";
import { sealAvatarNumber } from "@/lib/server/users/avatar-name";
import { publicName } from "@/lib/server/users/public-name";
import { isTelegramVerified } from "@/lib/server/users/username";
import type { PublicUserDto, UserDto } from "@/lib/shared/schemas/users";
import { ru } from "@/lib/shared/strings";

type UserRow = {
  id: number;
  username: string | null;
  email: string | null;
  telegramUsername: string | null;
  telegramFirstName: string | null;
  photoUrl: string | null;
  notification: boolean;
};

/** The app's own generated avatar, keyed by the id modulo 1,000,000 (spec §9). */
export function avatarUrlFor(user: Pick<UserRow, "id" | "photoUrl">): string {
  return user.photoUrl ?? `/api/v1/avatars/${user.id % 1_000_000}.svg`;
}

/**
 * The same picture for answers anyone holding a link may read (a payment request's requester):
 * the generated avatar under a sealed name, so the link does not give the user's id away.
 */
export function linkAvatarUrlFor(user: Pick<UserRow, "id" | "photoUrl">): string {
  return user.photoUrl ?? `/api/v1/avatars/${sealAvatarNumber(user.id % 1_000_000)}`;
}

/** The signed-in user's own profile. */
export function toUserDto(user: UserRow & { telegramId: string | null; botMayWrite: boolean }): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    telegramUsername: user.telegramUsername,
    telegramFirstName: user.telegramFirstName,
    avatarUrl: avatarUrlFor(user),
    notification: user.notification,
    botMayWrite: user.telegramId === null ? null : user.botMayWrite,
  };
}

export function toPublicUserDto(user: UserRow): PublicUserDto {
  return {
    id: user.id,
    username: user.username,
    telegramVerified: isTelegramVerified(user),
    telegramFirstName: publicName(user.telegramFirstName),
    avatarUrl: avatarUrlFor(user),
  };
}

/**
 * How a receipt or a list names another person: their Telegram first name as it may be shown
 * (`publicName`: no links, nothing passing for the bank, capped), else their username.
 */
export function personName(user: Pick<UserRow, "username" | "telegramFirstName">): string {
  return publicName(user.telegramFirstName) ?? user.username ?? ru.common.unknown;
}
