import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { cancelSplit } from "@/lib/server/splits/cancel-split";
import { splitTokenParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.cancelSplit, {
    summary: "Cancel the rest of a split: its still-pending payment requests are cancelled; paid shares stay paid",
    description:
      "Cancels every pending share's payment request, as POST /api/v1/requests/{token}/cancel does, and marks the split cancelled. The organiser only (anyone else: 404). Cancelling again changes nothing.",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => cancelSplit({ token: params.token, callerId: user.id }),
);
