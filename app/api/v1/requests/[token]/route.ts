import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { getRequest } from "@/lib/server/requests/read-requests";
import { requestTokenParams } from "@/lib/shared/schemas/requests";

export const GET = route(
  contractOf(featureOperations.request, {
    summary: "A payment request for whoever holds its link: who asks, for what, and its status (404 for an unknown token)",
    description:
      "Reads a payment request by its token for whoever holds the link: the requester's public name and picture, the amount, currency, message, status and expiry. An unknown token is 404.",
    tag: "transfers",
    params: requestTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => getRequest({ token: params.token, callerId: user.id }),
);
