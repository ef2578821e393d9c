import { route } from "@/lib/server/http";
import { getCounterparty } from "@/lib/server/ledger/get-counterparty";
import { walletIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route({ params: walletIdParams }, ({ params, user }) =>
  getCounterparty({ walletId: params.walletId, callerId: user.id }),
);
