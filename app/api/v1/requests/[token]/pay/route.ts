import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { payRequest } from "@/lib/server/requests/pay-request";
import { payRequestBody, requestTokenParams } from "@/lib/shared/schemas/requests";

export const POST = route(
  contractOf(featureOperations.payRequest, {
    summary:
      "Pay a payment request from one of the caller's wallets (the requested amount arrives exactly; from another currency the least covering amount leaves); paid exactly once, the requester notified",
    description:
      "Pays a payment request from one of the caller's wallets: a transfer to the requester in which the requested amount arrives exactly, and the request becomes paid in the same statement, so it is paid at most once (a second payer gets 409 REQUEST_PAID and pays nothing). Paying one's own request is refused. A payment counts against the payer's limit on transfers to other people (TRANSFER_LIMIT_PER_USER per window, then 429 RATE_LIMITED) and against the payer's own limits (422 SPENDING_LIMIT); refused while the payer's transfers are frozen (423 TRANSFERS_FROZEN). Idempotent with an Idempotency-Key; the requester is notified.",
    tag: "transfers",
    params: requestTokenParams,
    body: payRequestBody,
    ok: { status: 201 },
    errors: [
      "NOT_FOUND",
      "FORBIDDEN",
      "REQUEST_OWN",
      "REQUEST_PAID",
      "REQUEST_CANCELLED",
      "REQUEST_EXPIRED",
      "INVALID_AMOUNT",
      "INSUFFICIENT_FUNDS",
      "BALANCE_LIMIT",
      "RATE_UNAVAILABLE",
      "RATE_LIMITED",
      "SPENDING_LIMIT",
      "TRANSFERS_FROZEN",
    ],
  }),
  async ({ user, params, body, idempotencyKey }) => {
    const row = await payRequest({ ...body, token: params.token, userId: user.id, idempotencyKey });
    return toTransferDto(row);
  },
);
