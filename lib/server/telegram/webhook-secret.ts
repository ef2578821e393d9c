import "server-only";
import crypto from "node:crypto";
import { getEnv } from "@/lib/server/platform/env";

/**
 * The secret Telegram sends with every webhook call (X-Telegram-Bot-Api-Secret-Token): derived
 * from the bot token, so there is nothing more to configure, and it changes with the token.
 * 43 characters of A–Z, a–z, 0–9, _ and - (the Bot API allows 1–256 of those).
 */
export function webhookSecret(botToken: string = getEnv().telegramBotToken): string {
  return crypto.createHmac("sha256", botToken).update("minibank webhook secret").digest("base64url");
}

/** Constant-time check of the header Telegram sent. */
export function isWebhookSecret(header: string | null): boolean {
  const expected = Buffer.from(webhookSecret());
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
