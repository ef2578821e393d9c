import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createRequest } from "@/lib/server/requests/create-request";
import { listRequests } from "@/lib/server/requests/read-requests";
import { createRequestBody } from "@/lib/shared/schemas/requests";

export const POST = route(
  contractOf(featureOperations.createRequest, {
    summary:
      "Ask for money into the caller's wallet of a currency: a payment request whose token makes its link; payable once until it expires (PAYMENT_REQUEST_TTL_DAYS, default 7)",
    description:
      "Creates a request for money into the caller's wallet of that currency, with an optional message, valid PAYMENT_REQUEST_TTL_DAYS (default 7). The answer carries a random token: whoever holds the link made from it may read and pay the request. One user may create PAYMENT_REQUEST_LIMIT_PER_USER (default 20) per 10 minutes, then 429 RATE_LIMITED.",
    tag: "transfers",
    body: createRequestBody,
    ok: { status: 201 },
    errors: ["WALLET_NOT_FOUND", "INVALID_AMOUNT", "RATE_LIMITED"],
  }),
  ({ user, body }) => createRequest({ ...body, userId: user.id }),
);

export const GET = route(
  contractOf(featureOperations.myRequests, {
    summary: "The caller's own payment requests, newest first (the last 50), each with its status: pending, paid, cancelled or expired",
    description:
      "Lists the caller's own payment requests, newest first (at most 50), with their status computed now (an unpaid request past its expiry is expired).",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => listRequests({ userId: user.id }),
);
