import { route } from "@/lib/server/http";
import { prepareShare } from "@/lib/server/telegram/prepare-share";
import { prepareShareBody, preparedShareDto } from "@/lib/shared/schemas/share";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/share/prepared",
    summary:
      "Prepare one of the caller's receipts or pending payment requests as a Telegram message (Bot API savePreparedInlineMessage) for the Mini App's shareMessage; its button opens Minibank at that receipt or request. Telegram users only; someone else's receipt or request is a 404",
    tag: "telegram",
    body: prepareShareBody,
    ok: { status: 201, schema: preparedShareDto },
    errors: ["NOT_FOUND", "REQUEST_PAID", "REQUEST_CANCELLED", "REQUEST_EXPIRED", "TELEGRAM_ONLY", "SHARE_UNAVAILABLE", "TELEGRAM_FAILED"],
  },
  ({ user, body }) => prepareShare({ callerId: user.id, target: body }),
);
