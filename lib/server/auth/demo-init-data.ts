import "server-only";
import crypto from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import { findDemoTelegramUser } from "@/lib/server/auth/store";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { avatarUrlFor } from "@/lib/server/users/dto";
import { clockNow } from "@/lib/server/platform/clock";

/** Used when the database has no Telegram user yet (e.g. an unseeded demo). */
export const BUILT_IN_DEMO_TELEGRAM_USER = {
  id: 100000001,
  username: "alice_tg",
  first_name: "Алиса",
  language_code: "ru",
  photo_url: avatarUrlFor({ id: 100000001, photoUrl: null }),
} as const;

/**
 * Demo only: Telegram init data for a Telegram user, signed with the demo bot token, so that
 * "continue with Telegram" in a plain browser runs the real validation path. Without an id it
 * signs for the first user that has a Telegram id, or for the built-in demo user.
 */
export async function demoInitData(options: { telegramId?: string }): Promise<string> {
  const env = getEnv();
  if (!env.demo) throw new AppError("NOT_FOUND");
  if (options.telegramId !== undefined && !/^\d{1,15}$/.test(options.telegramId)) {
    throw new AppError("VALIDATION_ERROR");
  }
  const row = await findDemoTelegramUser(options.telegramId);
  if (options.telegramId && !row) throw new AppError("USER_NOT_FOUND");
  const user = row
    ? {
        id: Number(row.telegramId),
        first_name: row.telegramFirstName ?? row.username ?? "Telegram",
        ...(row.telegramUsername ? { username: row.telegramUsername } : {}),
        photo_url: avatarUrlFor(row),
        language_code: "ru",
      }
    : BUILT_IN_DEMO_TELEGRAM_USER;
  // A fresh query id makes every signed copy unique: init data signs in once.
  return sign({ user, query_id: crypto.randomBytes(12).toString("base64url") }, env.telegramBotToken, clockNow());
}
