import { route } from "@/lib/server/http";
import { getMe } from "@/lib/server/users/get-me";
import { userDto } from "@/lib/shared/schemas/users";

export const GET = route(
  { method: "GET", path: "/api/v1/users/me", summary: "The signed-in user",
    description: "The caller's own profile, including the e-mail address and notification setting that other users never see.", tag: "users", ok: { status: 200, schema: userDto } },
  ({ user }) => getMe({ userId: user.id }),
);
