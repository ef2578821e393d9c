import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { joinSplit } from "@/lib/server/splits/join-split";
import { splitTokenParams } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.joinSplit, {
    summary: "Take one open share of a split shared as a link; its payment request is then the caller's to pay",
    description:
      "Gives the caller the first open share of the split whose request can still be paid. One share per person: joining again answers the split unchanged. The organiser cannot join (400); a split the caller may not see is a 404 — so is one with no open share left, or cancelled, when the caller has none of its shares; 409 SPLIT_CLOSED when the last open share is taken by someone else, or the split cancelled, while the caller joins.",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "SPLIT_CLOSED"],
  }),
  ({ user, params }) => joinSplit({ token: params.token, callerId: user.id }),
);
