import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { userIdParams } from "@/lib/server/users/params";
import { publicUserDto } from "@/lib/shared/schemas/users";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/users/id/{id}",
    summary: "Public profile by id",
    tag: "users",
    params: userIdParams,
    ok: { status: 200, schema: publicUserDto },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => findUser({ by: "id", id: params.id }, user.id),
);
