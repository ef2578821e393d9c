import { z } from "zod";
import { route } from "@/lib/server/http";
import { listWallets } from "@/lib/server/wallets/list-wallets";
import { walletDto } from "@/lib/shared/schemas/wallets";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/wallet",
    summary: "The caller's wallets with balances (minor units), RUB, USD, EUR, CNY",
    description:
      "The caller's wallets with their balances in minor units (hundredths) and their account numbers, in a fixed currency order.",
    tag: "wallets",
    ok: { status: 200, schema: z.array(walletDto) },
  },
  ({ user }) => listWallets({ userId: user.id }),
);
