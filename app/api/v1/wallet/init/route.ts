import { route } from "@/lib/server/http";
import { initWallets } from "@/lib/server/wallets/init-wallets";

export const POST = route({}, ({ user }) => initWallets({ userId: user.id }));
