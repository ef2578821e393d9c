import { z } from "zod";
import { route } from "@/lib/server/http";
import { initWallets } from "@/lib/server/wallets/init-wallets";
import { walletDto } from "@/lib/shared/schemas/wallets";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/wallet/init",
    summary: "Create the caller's four wallets (idempotent)",
    description:
      "Creates the caller's RUB, USD, EUR and CNY wallets with zero balances and answers them. Calling it again changes nothing and answers the same wallets.",
    tag: "wallets",
    ok: { status: 200, schema: z.array(walletDto) },
  },
  ({ user }) => initWallets({ userId: user.id }),
);
