import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { initWallets } from "@/lib/server/wallets/init-wallets";

export const POST = route(
  contractOf(operations.initWallets, {
    summary: "Create the caller's four wallets (idempotent)",
    description:
      "Creates the caller's RUB, USD, EUR and CNY wallets with zero balances and answers them. Calling it again changes nothing and answers the same wallets.",
    tag: "wallets",
    ok: { status: 200 },
  }),
  ({ user }) => initWallets({ userId: user.id }),
);
