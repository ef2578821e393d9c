import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { prepareChatButton } from "@/lib/server/share/chat-request";
import { prepareChatButtonBody } from "@/lib/shared/schemas/share";

export const POST = route(
  contractOf(featureOperations.prepareChatButton, {
    summary:
      "Prepare Telegram's chat picker (Bot API savePreparedKeyboardButton, a chat request) for one of the caller's pending payment requests, for the Mini App's requestChat (Bot API 9.6); the bot then posts the request in the chosen group. Telegram users only; someone else's request is a 404",
    description:
      "Prepares a chat-request button (Bot API savePreparedKeyboardButton) for the caller to open with the Mini App's requestChat: it lists the groups the bot is a member of, and when the caller picks one, Telegram tells the bot (a chat_shared message) and the bot posts the request there with a button that opens Minibank on it. Someone else's request is 404, a paid, cancelled or expired one 409; an e-mail user is 422 TELEGRAM_ONLY; without a bot link configured 503; when Telegram refuses or does not answer 502 at once, so the app falls back to a prepared message or the share link.",
    tag: "telegram",
    body: prepareChatButtonBody,
    ok: { status: 201 },
    errors: ["NOT_FOUND", "REQUEST_PAID", "REQUEST_CANCELLED", "REQUEST_EXPIRED", "TELEGRAM_ONLY", "SHARE_UNAVAILABLE", "TELEGRAM_FAILED"],
  }),
  ({ user, body }) => prepareChatButton({ callerId: user.id, token: body.token }),
);
