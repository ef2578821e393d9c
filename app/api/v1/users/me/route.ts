import { contractOf, route } from "@/lib/server/http";
import { getMe } from "@/lib/server/users/get-me";
import { operations } from "@/lib/shared/api/operations";

export const GET = route(
  contractOf(operations.me, {
    summary: "The signed-in user",
    description: "The caller's own profile, including the e-mail address and notification setting that other users never see.",
    tag: "users",
    ok: { status: 200 },
  }),
  ({ user }) => getMe({ userId: user.id }),
);
