import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { telegramIdParams } from "@/lib/server/users/params";
import { publicUserDto } from "@/lib/shared/schemas/users";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/users/telegram/{id}",
    summary: "Public profile by Telegram id",
    tag: "users",
    params: telegramIdParams,
    ok: { status: 200, schema: publicUserDto },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => findUser({ by: "telegram", telegramId: params.id }, user.id),
);
