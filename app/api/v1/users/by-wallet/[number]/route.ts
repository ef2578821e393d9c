import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { walletNumberParams } from "@/lib/server/users/params";

export const GET = route({ params: walletNumberParams }, ({ params, user }) =>
  findUser({ by: "wallet", number: params.number }, user.id),
);
