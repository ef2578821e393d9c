import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { cancelSchedule } from "@/lib/server/schedules/manage";
import { scheduleIdParams } from "@/lib/shared/schemas/schedules";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.cancelSchedule, {
    summary: "Cancel one of the caller's schedules for good",
    description: "Cancels an active or paused schedule; it leaves the list, its runs stay in the history. Cancelling a cancelled or finished one changes nothing; someone else's is a 404.",
    tag: "transfers",
    params: scheduleIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => cancelSchedule(user.id, params.id, clockNow()),
);
