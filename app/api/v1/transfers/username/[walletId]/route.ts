import { contractOf, requestLanguage, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { getCounterparty } from "@/lib/server/ledger/get-counterparty";
import { walletIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route(
  contractOf(operations.counterparty, {
    summary:
      "Name and avatar of a wallet's owner ('Пополнение' for the bank); only for wallets the caller has exchanged money with (404 otherwise)",
    description:
      "The display name and avatar of the owner of a wallet that appears in the caller's history, as the history list shows it; 'Пополнение' for the bank's own wallets. 404 for wallets the caller never exchanged money with.",
    tag: "transfers",
    params: walletIdParams,
    ok: { status: 200 },
    errors: ["WALLET_NOT_FOUND"],
  }),
  ({ req, params, user }) => getCounterparty({ walletId: params.walletId, callerId: user.id, language: requestLanguage(req) }),
);
