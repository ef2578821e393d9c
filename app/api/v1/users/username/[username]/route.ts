import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, usernameParams } from "@/lib/server/users/params";

export const GET = route(contractOf(operations.userByUsername, profileLookup("Public profile by username", usernameParams)), ({ params, user }) =>
  findUser({ by: "username", username: params.username }, user.id),
);
