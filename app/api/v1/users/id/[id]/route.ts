import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, userIdParams } from "@/lib/server/users/params";

export const GET = route(contractOf(operations.userById, profileLookup("Public profile by id", userIdParams)), ({ params, user }) =>
  findUser({ by: "id", id: params.id }, user.id),
);
