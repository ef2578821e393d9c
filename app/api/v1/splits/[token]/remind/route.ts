import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { remindSplit } from "@/lib/server/splits/remind-split";
import { splitTokenParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.remindSplit, {
    summary: "Remind the participants whose shares are still pending; once per 24 hours per split",
    description:
      "Records a reminder on every pending share (its participant sees when). The organiser only (anyone else: 404). A second reminder within 24 hours of the last is a 429 RATE_LIMITED whose message says so; a cancelled split is a 409 SPLIT_CLOSED.",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "RATE_LIMITED", "SPLIT_CLOSED"],
  }),
  ({ user, params }) => remindSplit({ token: params.token, callerId: user.id }),
);
