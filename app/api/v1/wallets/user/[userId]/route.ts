import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { listUserWallets } from "@/lib/server/wallets/list-user-wallets";
import { userIdParams } from "@/lib/shared/schemas/wallets";

export const GET = route(
  contractOf(operations.userWallets, {
    summary: "Another user's wallets (no balances)",
    description:
      "The wallets of any user, for choosing where to send money: currency and account number, never balances. 404 USER_NOT_FOUND for an unknown user or the bank's own. Lookups are limited per caller (429).",
    tag: "wallets",
    params: userIdParams,
    ok: { status: 200 },
    errors: ["USER_NOT_FOUND", "RATE_LIMITED"],
  }),
  ({ params, user }) => listUserWallets({ userId: params.userId, callerId: user.id }),
);
