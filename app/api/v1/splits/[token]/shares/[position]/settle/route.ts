import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { settleShare } from "@/lib/server/splits/settle-share";
import { splitShareParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.settleShare, {
    summary: "Mark one share of a split settled outside the app; its payment request, if pending, is cancelled",
    description:
      "For money that changed hands elsewhere: the share counts as settled and its request can no longer be paid. The organiser only (anyone else, or an unknown position: 404); a share already paid through the app is a 409 REQUEST_PAID. Marking it again changes nothing.",
    tag: "transfers",
    params: splitShareParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "REQUEST_PAID"],
  }),
  ({ user, params }) => settleShare({ token: params.token, position: params.position, callerId: user.id }),
);
