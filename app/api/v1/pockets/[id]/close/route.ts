import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { closePocket } from "@/lib/server/pockets/move";
import { pocketIdParams } from "@/lib/shared/schemas/pockets";

export const POST = route(
  contractOf(featureOperations.closePocket, {
    summary: "Close a pocket: all its money returns to the account in one movement",
    description:
      "Moves everything the pocket holds back to its account in one movement of kind \"pocket\" and closes it (it takes no more round-ups), in one transaction. Closing a closed pocket answers it again: the money moved once, so a retry needs no Idempotency-Key and is always safe. Refused while the pocket is locked and its date has not come (409 POCKET_LOCKED); someone else's pocket is a 404.",
    tag: "wallets",
    params: pocketIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "POCKET_LOCKED"],
  }),
  ({ user, params }) => closePocket(user.id, params.id),
);
