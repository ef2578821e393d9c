import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { resumeSchedule } from "@/lib/server/schedules/manage";
import { scheduleIdParams } from "@/lib/shared/schemas/schedules";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.resumeSchedule, {
    summary: "Resume one of the caller's paused schedules from its next occurrence not yet due",
    description: "Resumes a paused schedule: occurrences that fell while it was paused are not made, and its failures in a row start again from zero. A cancelled or finished schedule cannot be resumed (409 SCHEDULE_INACTIVE); someone else's is a 404.",
    tag: "transfers",
    params: scheduleIdParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "SCHEDULE_INACTIVE"],
    freshSession: true,
  }),
  ({ user, params }) => resumeSchedule(user.id, params.id, clockNow(), user.sessionId),
);
