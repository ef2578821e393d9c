import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { cancelOrder } from "@/lib/server/orders/manage";
import { watchIdParams } from "@/lib/shared/schemas/orders";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.cancelOrder, {
    summary: "Cancel one of the caller's waiting orders",
    description:
      "Cancels a waiting order; it will not run. Cancelling one that ended (done, failed, cancelled, expired) changes nothing; one being run at this very moment ends as it runs. Someone else's is a 404.",
    tag: "transfers",
    params: watchIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => cancelOrder(user.id, params.id, clockNow()),
);
