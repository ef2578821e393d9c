import { route } from "@/lib/server/http";
import { listWallets } from "@/lib/server/wallets/list-wallets";

export const GET = route({}, ({ user }) => listWallets({ userId: user.id }));
