import type { TelegramEnv } from "@/lib/client/telegram/env";

/** How a write-access request went: granted, refused, or not possible in this client. */
export type WriteAccessAnswer = "allowed" | "refused" | "unavailable";

/**
 * Asks the user to let the bot write to them (`requestWriteAccess`, Mini Apps 6.9). Outside
 * Telegram, on an older client or when the request fails: "unavailable", and nothing was asked.
 */
export async function askWriteAccess(env: TelegramEnv | null): Promise<WriteAccessAnswer> {
  const request = env?.sdk.requestWriteAccess;
  try {
    if (!request?.isAvailable()) return "unavailable";
    return (await request()) === "allowed" ? "allowed" : "refused";
  } catch {
    return "unavailable";
  }
}
