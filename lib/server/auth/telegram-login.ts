import "server-only";
import { pickLanguage, type Language } from "@/lib/shared/i18n";
import { validate } from "@telegram-apps/init-data-node";
import { z } from "zod";
import { insertUsedInitData, saveTelegramUser } from "@/lib/server/auth/store";
import { isUniqueViolation } from "@/lib/server/db/errors";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { issueTokens, type TokenPair } from "@/lib/server/auth/tokens";
import { RESERVED_USERNAMES, retryOnConflict } from "@/lib/server/users/username";
import { clockNowMs } from "@/lib/server/platform/clock";

/** Init data older than this is refused (spec: one day). */
export const INIT_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Clock skew tolerated for an `auth_date` in the future. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

export type TelegramProfile = {
  /** The init data's `hash`: what identifies this very sign-in. */
  hash: string;
  /** Unix seconds. */
  authDate: number;
  telegramId: string;
  username?: string;
  firstName: string;
  photoUrl?: string;
  /** `allows_write_to_pm`: the user allowed the bot to write to them. */
  allowsWrite: boolean;
  /** From the user's Telegram language_code: what the bot's notifications speak. */
  language: Language;
};

/**
 * The fields of init data that sign-in reads. `signature` (the Ed25519 signature for third
 * parties, added in Bot API 8.0) is not among them: a bot's own server checks `hash`, and older
 * clients and many tools send no `signature` at all — which the library's own `parse` refuses.
 */
const initDataFields = z.object({
  auth_date: z.coerce.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  user: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "user is not JSON" });
        return z.NEVER;
      }
    })
    .pipe(
      z.looseObject({
        id: z.number().int().positive(),
        first_name: z.string(),
        username: z.string().optional(),
        photo_url: z.string().optional(),
        allows_write_to_pm: z.boolean().optional(),
        language_code: z.string().max(35).optional(),
      }),
    ),
});

/**
 * Checks Telegram init data as Telegram documents for a bot's own server — `hash`, an HMAC keyed
 * by the bot token over every other field (`signature` included when present) — and its age, and
 * returns the signed-in user in it.
 */
export function readInitData(initData: string, botToken: string): TelegramProfile {
  try {
    validate(initData, botToken, { expiresIn: INIT_DATA_MAX_AGE_SECONDS });
  } catch {
    throw new AppError("INVALID_INIT_DATA");
  }
  const fields = initDataFields.safeParse(Object.fromEntries(new URLSearchParams(initData)));
  if (!fields.success || fields.data.auth_date * 1000 > clockNowMs() + FUTURE_SKEW_MS) {
    throw new AppError("INVALID_INIT_DATA");
  }
  const user = fields.data.user;
  return {
    hash: fields.data.hash,
    authDate: fields.data.auth_date,
    telegramId: String(user.id),
    username: user.username || undefined,
    firstName: user.first_name,
    photoUrl: safePhotoUrl(user.photo_url),
    allowsWrite: user.allows_write_to_pm === true,
    language: pickLanguage({ detected: [user.language_code] }),
  };
}

/**
 * Telegram's own hosts for profile photos: a viewer's browser loads the counterparty's photo, so
 * the address must not be one the counterparty chose. https only.
 */
const TELEGRAM_PHOTO_HOSTS = /^(t\.me|telegram\.org|[a-z0-9-]+\.telegram\.org|telesco\.pe|[a-z0-9-]+\.telesco\.pe)$/;

/**
 * A photo address Telegram could have sent (https on its own hosts), or the app's own path that
 * the demo signer sends ("/demo/…"). Anything else falls back to the generated avatar.
 */
export function safePhotoUrl(url: string | undefined): string | undefined {
  if (!url || url.length > 512) return undefined;
  if (/^\/(?!\/)[\w\-./]+$/.test(url)) return url;
  try {
    const parsed = new URL(url);
    const plain = !parsed.username && !parsed.password && !parsed.port;
    return parsed.protocol === "https:" && plain && TELEGRAM_PHOTO_HOSTS.test(parsed.hostname) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs in with Telegram Mini App init data. The user is found by Telegram id, created on first
 * sign-in, and their Telegram name, username and photo are refreshed on every sign-in. Init data
 * that says the bot may write to them records so; init data that does not say it changes nothing
 * for a known user (they may have started the bot in its chat), and a new user starts without.
 */
export async function telegramLogin(options: { initData: string }): Promise<TokenPair> {
  const profile = readInitData(options.initData, getEnv().telegramBotToken);
  await spendInitData(profile);
  const userId = await retryOnConflict(() => upsertTelegramUser(profile));
  return issueTokens(userId);
}

/**
 * Init data signs in once: its hash is remembered until the data would expire anyway, and a second
 * use — a replay from anywhere — is refused.
 */
async function spendInitData(profile: TelegramProfile): Promise<void> {
  try {
    await insertUsedInitData(profile.hash, new Date((profile.authDate + INIT_DATA_MAX_AGE_SECONDS) * 1000));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("INVALID_INIT_DATA");
    throw error;
  }
}

/**
 * The signed-in user's id: Telegram vouches for their username, so it becomes their handle when
 * anybody may hold it (see `saveTelegramUser` for who moves aside). A system user is refused.
 */
async function upsertTelegramUser(profile: TelegramProfile): Promise<number> {
  const wanted = profile.username ? profile.username.toLowerCase() : undefined;
  const wantedUsable = wanted !== undefined && /^[a-z0-9_]{3,32}$/.test(wanted) && !RESERVED_USERNAMES.has(wanted);
  const id = await saveTelegramUser({
    telegramId: profile.telegramId,
    telegramUsername: profile.username ?? null,
    telegramFirstName: profile.firstName,
    photoUrl: profile.photoUrl ?? null,
    language: profile.language,
    allowsWrite: profile.allowsWrite,
    wanted: wantedUsable ? wanted : undefined,
  });
  if (id === null) throw new AppError("INVALID_INIT_DATA");
  return id;
}
