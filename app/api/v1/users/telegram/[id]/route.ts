import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, telegramIdParams } from "@/lib/server/users/params";

export const GET = route(contractOf(operations.userByTelegramId, profileLookup("Public profile by Telegram id", telegramIdParams)), ({ params, user }) =>
  findUser({ by: "telegram", telegramId: params.id }, user.id),
);
