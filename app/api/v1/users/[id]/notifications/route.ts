import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { setNotifications } from "@/lib/server/users/set-notifications";
import { userIdParams } from "@/lib/server/users/params";
import { notificationsBody } from "@/lib/shared/schemas/users";

export const PUT = route(
  contractOf(operations.setNotifications, {
    summary: "Switch the caller's notifications on or off (writeAccessAllowed: the Mini App's write-access request was granted)",
    description:
      "Turns the caller's notifications about incoming money on or off and answers the updated user. writeAccessAllowed: true records that the Mini App's write-access request was granted, so the bot may write again. The id must be the caller's own (403 otherwise).",
    tag: "users",
    params: userIdParams,
    body: notificationsBody,
    ok: { status: 200 },
    errors: ["FORBIDDEN"],
  }),
  ({ user, params, body }) => setNotifications({ callerId: user.id, userId: params.id, enable: body.enable, writeAccessAllowed: body.writeAccessAllowed }),
);
