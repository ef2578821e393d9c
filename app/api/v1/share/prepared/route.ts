import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { prepareShare } from "@/lib/server/share/prepare-share";
import { prepareShareBody } from "@/lib/shared/schemas/share";

export const POST = route(
  contractOf(featureOperations.prepareShare, {
    summary:
      "Prepare one of the caller's receipts or pending payment requests as a Telegram message (Bot API savePreparedInlineMessage) for the Mini App's shareMessage; its button opens Minibank at that receipt or request. Telegram users only; someone else's receipt or request is a 404",
    description:
      "Prepares a Telegram message (Bot API savePreparedInlineMessage) for the caller to send with the Mini App's shareMessage: a receipt of a transfer the caller sent or received, or one of the caller's pending payment requests, with a URL button that opens Minibank at it. Someone else's receipt or request is 404; an e-mail user is 422 TELEGRAM_ONLY; without a bot link configured 503; when Telegram refuses or does not answer 502 at once, so the app falls back to its other share paths. One user may prepare SHARE_LIMIT_PER_USER (default 20) messages per 10 minutes, then 429 RATE_LIMITED.",
    tag: "telegram",
    body: prepareShareBody,
    ok: { status: 201 },
    errors: ["NOT_FOUND", "REQUEST_PAID", "REQUEST_CANCELLED", "REQUEST_EXPIRED", "TELEGRAM_ONLY", "SHARE_UNAVAILABLE", "TELEGRAM_FAILED", "RATE_LIMITED"],
  }),
  ({ user, body }) => prepareShare({ callerId: user.id, target: body }),
);
