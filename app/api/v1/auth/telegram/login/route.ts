import { route } from "@/lib/server/http";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { telegramLoginBody } from "@/lib/shared/schemas/auth";

export const POST = route({ auth: false, body: telegramLoginBody }, ({ body }) =>
  telegramLogin({ initData: body.init_data }),
);
