import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { emailParams } from "@/lib/server/users/params";

/** Public profile only: the e-mail used for the lookup is never echoed back. */
export const GET = route({ params: emailParams }, ({ params, user }) =>
  findUser({ by: "email", email: params.email }, user.id),
);
