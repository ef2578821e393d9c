import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { telegramIdParams } from "@/lib/server/users/params";

export const GET = route({ params: telegramIdParams }, ({ params, user }) =>
  findUser({ by: "telegram", telegramId: params.id }, user.id),
);
