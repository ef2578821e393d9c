import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { emailParams } from "@/lib/server/users/params";
import { publicUserDto } from "@/lib/shared/schemas/users";

/** Public profile only: the e-mail used for the lookup is never echoed back. */
export const GET = route(
  {
    method: "GET",
    path: "/api/v1/users/email/{email}",
    summary: "Public profile by e-mail",
    tag: "users",
    params: emailParams,
    ok: { status: 200, schema: publicUserDto },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => findUser({ by: "email", email: params.email }, user.id),
);
