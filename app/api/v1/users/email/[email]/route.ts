import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, emailParams } from "@/lib/server/users/params";

/** Public profile only: the e-mail used for the lookup is never echoed back. */
export const GET = route(contractOf(operations.userByEmail, profileLookup("Public profile by e-mail", emailParams)), ({ params, user }) =>
  findUser({ by: "email", email: params.email }, user.id),
);
