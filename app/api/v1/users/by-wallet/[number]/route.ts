import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, walletNumberParams } from "@/lib/server/users/params";

export const GET = route(profileLookup("/api/v1/users/by-wallet/{number}", "Public profile by account number (spaces and dashes ignored)", walletNumberParams), ({ params, user }) =>
  findUser({ by: "wallet", number: params.number }, user.id),
);
