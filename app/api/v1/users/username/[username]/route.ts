import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, usernameParams } from "@/lib/server/users/params";

export const GET = route(profileLookup("/api/v1/users/username/{username}", "Public profile by username", usernameParams), ({ params, user }) =>
  findUser({ by: "username", username: params.username }, user.id),
);
