import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { userIdParams } from "@/lib/server/users/params";

export const GET = route({ params: userIdParams }, ({ params, user }) => findUser({ by: "id", id: params.id }, user.id));
