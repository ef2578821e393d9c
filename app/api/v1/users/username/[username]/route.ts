import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { usernameParams } from "@/lib/server/users/params";

export const GET = route({ params: usernameParams }, ({ params, user }) =>
  findUser({ by: "username", username: params.username }, user.id),
);
