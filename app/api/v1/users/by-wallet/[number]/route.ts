import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, walletNumberParams } from "@/lib/server/users/params";

export const GET = route(contractOf(operations.userByWallet, profileLookup("Public profile by account number (spaces and dashes ignored)", walletNumberParams)), ({ params, user }) =>
  findUser({ by: "wallet", number: params.number }, user.id),
);
