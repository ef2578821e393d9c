import { route } from "@/lib/server/http";
import { resumeSchedule } from "@/lib/server/schedules/manage";
import { scheduleDto, scheduleIdParams } from "@/lib/shared/schemas/schedules";

export const POST = route(
  {
    method: "POST",
    path: "/api/v1/schedules/{id}/resume",
    summary: "Resume one of the caller's paused schedules from its next occurrence not yet due",
    description: "Resumes a paused schedule: occurrences that fell while it was paused are not made, and its failures in a row start again from zero. A cancelled or finished schedule cannot be resumed (409 SCHEDULE_INACTIVE); someone else's is a 404.",
    tag: "transfers",
    params: scheduleIdParams,
    ok: { status: 200, schema: scheduleDto },
    errors: ["NOT_FOUND", "SCHEDULE_INACTIVE"],
  },
  ({ user, params }) => resumeSchedule(user.id, params.id, new Date()),
);
