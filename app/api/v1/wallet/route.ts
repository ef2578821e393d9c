import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { listWallets } from "@/lib/server/wallets/list-wallets";

export const GET = route(
  contractOf(operations.wallets, {
    summary: "The caller's wallets with balances (minor units), RUB, USD, EUR, CNY",
    description:
      "The caller's wallets with their balances in minor units (hundredths) and their account numbers, in a fixed currency order.",
    tag: "wallets",
    ok: { status: 200 },
  }),
  ({ user }) => listWallets({ userId: user.id }),
);
