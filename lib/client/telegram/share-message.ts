import { call } from "@/lib/client/api";
import { hasFeature } from "@/lib/client/telegram/features";
import { isInsideTelegram } from "@/lib/client/detect";
import { loadTelegram, loadedTelegram } from "@/lib/client/telegram/init";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { PrepareShareBody } from "@/lib/shared/schemas/share";

/**
 * How sending as a Telegram message went: sent (or at least handed to Telegram's chat picker),
 * declined by the user (nothing else to do), or not possible here — then the caller shares the
 * old way (Telegram's share link, Web Share, a copy).
 */
export type MessageShareOutcome = "sent" | "declined" | "unavailable";

type ShareEnv = Pick<TelegramEnv, "sdk" | "native"> & {
  launchParams: Pick<TelegramEnv["launchParams"], "tgWebAppVersion" | "tgWebAppPlatform">;
};

/**
 * The SDK to share with: the loaded one, or — inside Telegram, when the button is pressed before
 * it finished loading — the one being loaded (a share must not go the old way for being early).
 */
export async function telegramForSharing(): Promise<TelegramEnv | null> {
  const env = loadedTelegram();
  if (env || !isInsideTelegram()) return env;
  return loadTelegram().catch(() => null);
}

/** Asks the server to prepare the message (the bot's `savePreparedInlineMessage`); its id. */
export async function prepareMessage(target: PrepareShareBody): Promise<string> {
  const prepared = await call(featureOperations.prepareShare, { body: target });
  return prepared.id;
}

/**
 * Sends a receipt or a payment request as a message prepared by the bot, through Telegram's own
 * chat picker (`shareMessage`, Bot API 8.0). "unavailable" — and nothing shown — outside
 * Telegram, on a client before 8.0, when the server cannot prepare one (an e-mail user, no bot,
 * Telegram refusing) or when the client fails to send it.
 */
export async function shareAsMessage(
  env: ShareEnv | null,
  target: PrepareShareBody,
  prepare: (target: PrepareShareBody) => Promise<string> = prepareMessage,
): Promise<MessageShareOutcome> {
  if (!env?.native || !hasFeature(env, "shareMessage")) return "unavailable";
  const { shareMessage } = env.sdk;
  if (!shareMessage.isAvailable()) return "unavailable";
  let id: string;
  try {
    id = await prepare(target);
  } catch {
    return "unavailable";
  }
  try {
    await shareMessage(id);
    return "sent";
  } catch (error) {
    // Telegram's `prepared_message_failed` carries USER_DECLINED when the picker was closed.
    return error instanceof Error && error.message.includes("USER_DECLINED") ? "declined" : "unavailable";
  }
}
