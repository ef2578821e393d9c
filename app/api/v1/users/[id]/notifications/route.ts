import { route } from "@/lib/server/http";
import { setNotifications } from "@/lib/server/users/set-notifications";
import { userIdParams } from "@/lib/server/users/params";
import { notificationsBody } from "@/lib/shared/schemas/users";

export const PUT = route({ params: userIdParams, body: notificationsBody }, ({ user, params, body }) =>
  setNotifications({ callerId: user.id, userId: params.id, enable: body.enable }),
);
