import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { declineShare } from "@/lib/server/splits/decline-share";
import { splitTokenParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.declineShare, {
    summary: "Decline one's own share of someone else's split: its payment request is cancelled and it is no longer reminded",
    description:
      "The caller's share (they were named in the split, or took a share from its link) reads declined; its payment request can no longer be paid, and the organiser's reminders pass it by. Only the share's participant may (anyone else, the organiser included: 404). Declining again changes nothing; 409 REQUEST_PAID when the share is already paid.",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "REQUEST_PAID"],
  }),
  ({ user, params }) => declineShare({ token: params.token, callerId: user.id }),
);
