import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { sendToChat } from "@/lib/client/telegram/request-chat";
import { shareAsMessage, telegramForSharing } from "@/lib/client/telegram/share-message";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { CreateRequestBody, PayRequestBody } from "@/lib/shared/schemas/requests";

export { payPathFor, requestLinkFor } from "@/lib/client/request-link";

/** Payment requests on the client: the API calls, their SWR hooks, the link and how it is shared. */

/** The SWR key of the caller's requests (refreshed after one is created or cancelled). */
export const MY_REQUESTS = keyOf(featureOperations.myRequests);

export function useMyRequests() {
  return useSWR(MY_REQUESTS, fetcherOf(featureOperations.myRequests));
}

/** The SWR key of one request (refreshed when paying it failed). */
export function requestKey(token: string): string | null {
  return keyOf(featureOperations.request, { token });
}

export function useRequest(token: string | null) {
  return useSWR(token ? requestKey(token) : null, fetcherOf(featureOperations.request));
}

export function createRequest(body: CreateRequestBody) {
  return call(featureOperations.createRequest, { body });
}

export function cancelRequest(token: string) {
  return call(featureOperations.cancelRequest, { params: { token } });
}

export function payRequest(token: string, body: PayRequestBody, idempotencyKey: string) {
  return call(featureOperations.payRequest, { params: { token }, body, idempotencyKey });
}

export type ShareLinkOutcome = "chat" | "telegram" | "shared" | "copied" | "failed";

/**
 * Shares a link: Telegram's share sheet inside Telegram, Web Share in a browser that has it, else
 * a copy. `request`: one of the caller's requests, sent first to a group through Telegram's chat
 * picker, where the bot posts it (Bot API 9.6), else as a message the bot prepared (its button
 * pays it, Bot API 8.0), where the Telegram client can.
 */
export async function shareLink(url: string, text: string, request?: string): Promise<ShareLinkOutcome> {
  const env = await telegramForSharing();
  if (request) {
    const toChat = await sendToChat(env, request);
    if (toChat === "sent") return "chat";
    if (toChat === "declined") return "shared";
    const asMessage = await shareAsMessage(env, { kind: "request", token: request });
    if (asMessage === "sent") return "telegram";
    if (asMessage === "declined") return "shared";
  }
  try {
    if (env?.native && env.sdk.openTelegramLink.isAvailable()) {
      env.sdk.openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`);
      return "telegram";
    }
    if (typeof navigator.share === "function") {
      await navigator.share({ url, text });
      return "shared";
    }
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch (error) {
    // Closing the system share sheet is not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return "shared";
    return "failed";
  }
}
