import crypto from "node:crypto";

/**
 * The bot token the e2e server runs with (playwright.config.ts), so a journey can sign init data
 * the way a given Telegram client sends it.
 */
export const E2E_BOT_TOKEN = "7000000042:e2e-journeys-bot-token-not-a-real-one";

/**
 * Init data as a client before Bot API 8.0 sends it: no `signature` field at all, `hash` as
 * Telegram documents it (HMAC-SHA256 of the sorted "key=value" lines, keyed by
 * HMAC-SHA256("WebAppData", bot token)).
 */
export function initDataWithoutSignature(user: { id: number; first_name: string; username?: string }): string {
  const fields: Record<string, string> = {
    user: JSON.stringify(user),
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: crypto.randomBytes(12).toString("base64url"),
  };
  const check = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const secret = crypto.createHmac("sha256", "WebAppData").update(E2E_BOT_TOKEN).digest();
  const hash = crypto.createHmac("sha256", secret).update(check).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}
