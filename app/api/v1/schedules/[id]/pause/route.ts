import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { pauseSchedule } from "@/lib/server/schedules/manage";
import { scheduleIdParams } from "@/lib/shared/schemas/schedules";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.pauseSchedule, {
    summary: "Pause one of the caller's schedules: nothing runs until it is resumed",
    description: "Pauses an active schedule (pausing a paused one changes nothing). A cancelled or finished schedule cannot be paused (409 SCHEDULE_INACTIVE); someone else's is a 404.",
    tag: "transfers",
    params: scheduleIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "SCHEDULE_INACTIVE"],
  }),
  ({ user, params }) => pauseSchedule(user.id, params.id, clockNow()),
);
