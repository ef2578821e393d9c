import { route } from "@/lib/server/http";
import { findUser } from "@/lib/server/users/find-user";
import { profileLookup, telegramIdParams } from "@/lib/server/users/params";

export const GET = route(profileLookup("/api/v1/users/telegram/{id}", "Public profile by Telegram id", telegramIdParams), ({ params, user }) =>
  findUser({ by: "telegram", telegramId: params.id }, user.id),
);
