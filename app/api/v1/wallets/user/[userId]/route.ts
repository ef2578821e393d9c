import { route } from "@/lib/server/http";
import { listUserWallets } from "@/lib/server/wallets/list-user-wallets";
import { userIdParams } from "@/lib/shared/schemas/wallets";

export const GET = route({ params: userIdParams }, ({ params, user }) =>
  listUserWallets({ userId: params.userId, callerId: user.id }),
);
