import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { walletNumberParams } from "@/lib/server/users/params";
import { publicUserDto } from "@/lib/shared/schemas/users";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/users/by-wallet/{number}",
    summary: "Public profile by account number (spaces and dashes ignored)",
    tag: "users",
    params: walletNumberParams,
    ok: { status: 200, schema: publicUserDto },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => findUser({ by: "wallet", number: params.number }, user.id),
);
