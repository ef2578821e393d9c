import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { cancelRequest } from "@/lib/server/requests/read-requests";
import { requestTokenParams } from "@/lib/shared/schemas/requests";

export const POST = route(
  contractOf(featureOperations.cancelRequest, {
    summary: "Cancel one of the caller's pending payment requests (someone else's is a 404; a paid one is a 409)",
    description:
      "Cancels a pending payment request. Only its requester may: for anyone else the request does not exist (404). A paid request cannot be cancelled (409 REQUEST_PAID); cancelling a cancelled or expired one changes nothing.",
    tag: "transfers",
    params: requestTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "REQUEST_PAID"],
  }),
  ({ user, params }) => cancelRequest({ token: params.token, callerId: user.id }),
);
