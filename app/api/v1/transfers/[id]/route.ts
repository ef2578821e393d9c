import { contractOf, requestLanguage, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { getReceipt } from "@/lib/server/ledger/get-receipt";
import { transferIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route(
  contractOf(operations.receipt, {
    summary:
      "The receipt of one transfer or top-up: amounts, rate, fee, both sides (the other person's account masked); for its sender or receiver only (404 otherwise)",
    description:
      "A receipt as the app shows it after a payment: both amounts and currencies, the rate when they differ, the time, how it was made (`channel`: in the app, by a schedule's run, by paying a payment request or one's part of a split), and both parties with the other person's account number masked. Answers 404 for anyone but the sender and the receiver, so an id reveals nothing.",
    tag: "transfers",
    params: transferIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ req, params, user }) => getReceipt({ transferId: params.id, callerId: user.id, language: requestLanguage(req) }),
);
