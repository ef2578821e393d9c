import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { usernameParams } from "@/lib/server/users/params";
import { publicUserDto } from "@/lib/shared/schemas/users";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/users/username/{username}",
    summary: "Public profile by username",
    tag: "users",
    params: usernameParams,
    ok: { status: 200, schema: publicUserDto },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => findUser({ by: "username", username: params.username }, user.id),
);
