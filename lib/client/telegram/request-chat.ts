import { request } from "@telegram-apps/bridge";
import { call } from "@/lib/client/api";
import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import type { MessageShareOutcome } from "@/lib/client/telegram/share-message";
import { featureOperations } from "@/lib/shared/api/feature-operations";

type ChatEnv = Pick<TelegramEnv, "native"> & Parameters<typeof hasFeature>[0];

/**
 * The bridge's request for a Mini Apps method its table does not know yet (requestChat, Bot API
 * 9.6, is newer than the SDK): posted as is and answered by either event. The version is checked
 * by the caller (`hasFeature`), as the SDK would.
 */
type Answer = { event: string; payload: { req_id?: string; error?: string } };
const requestNewer = request as unknown as (
  method: string,
  events: string[],
  options: { params: Record<string, unknown>; capture: (answer: Answer) => boolean },
) => Promise<{ req_id?: string; error?: string }>;

/** Asks the server for the chat picker's button (`savePreparedKeyboardButton`); its id. */
export async function prepareChatButton(token: string): Promise<string> {
  return (await call(featureOperations.prepareChatButton, { body: { token } })).id;
}

/**
 * Sends one of the user's payment requests to a group through Telegram's chat picker (the Mini
 * App's `requestChat`, Bot API 9.6): the picker lists the groups the bot is in and the bot posts
 * the request there. "unavailable" — and nothing shown — outside Telegram, before 9.6, when the
 * server cannot prepare the picker (then the caller sends a prepared message or the link) or
 * when the client fails; "declined" when the user closed the picker.
 */
export async function sendToChat(
  env: ChatEnv | null,
  token: string,
  prepare: (token: string) => Promise<string> = prepareChatButton,
): Promise<MessageShareOutcome> {
  if (!env?.native || !hasFeature(env, "requestChat")) return "unavailable";
  let id: string;
  try {
    id = await prepare(token);
  } catch {
    return "unavailable";
  }
  let event = "";
  try {
    const answer = await requestNewer("web_app_request_chat", ["requested_chat_sent", "requested_chat_failed"], {
      params: { req_id: id },
      capture: (candidate) => {
        if (candidate.payload?.req_id !== undefined && candidate.payload.req_id !== id) return false;
        event = candidate.event;
        return true;
      },
    });
    if (event === "requested_chat_sent") return "sent";
    return answer?.error === "USER_DECLINED" ? "declined" : "unavailable";
  } catch {
    return "unavailable";
  }
}
