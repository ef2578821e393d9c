import { z } from "zod";
import { route } from "@/lib/server/http";
import { initWallets } from "@/lib/server/wallets/init-wallets";
import { walletDto } from "@/lib/shared/schemas/wallets";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/wallet/init",
    summary: "Create the caller's four wallets (idempotent)",
    tag: "wallets",
    ok: { status: 200, schema: z.array(walletDto) },
  },
  ({ user }) => initWallets({ userId: user.id }),
);
