import { z } from "zod";
import { route } from "@/lib/server/http";
import { listUserWallets } from "@/lib/server/wallets/list-user-wallets";
import { publicWalletDto, userIdParams } from "@/lib/shared/schemas/wallets";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/wallets/user/{userId}",
    summary: "Another user's wallets (no balances)",
    tag: "wallets",
    params: userIdParams,
    ok: { status: 200, schema: z.array(publicWalletDto) },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  },
  ({ params, user }) => listUserWallets({ userId: params.userId, callerId: user.id }),
);
