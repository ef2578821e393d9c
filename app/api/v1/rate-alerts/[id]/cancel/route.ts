import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { cancelAlert } from "@/lib/server/orders/manage";
import { watchIdParams } from "@/lib/shared/schemas/orders";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.cancelAlert, {
    summary: "Cancel one of the caller's waiting rate alerts",
    description: "Cancels a waiting alert; it will not be told. Cancelling one that ended changes nothing. Someone else's is a 404.",
    tag: "rates",
    params: watchIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => cancelAlert(user.id, params.id, clockNow()),
);
