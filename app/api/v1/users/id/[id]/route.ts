import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, userIdParams } from "@/lib/server/users/params";

export const GET = route(profileLookup("/api/v1/users/id/{id}", "Public profile by id", userIdParams), ({ params, user }) =>
  findUser({ by: "id", id: params.id }, user.id),
);
