import useSWR from "swr";
import { call, fetcherOf, keyOf } from "@/lib/client/api";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import type { CreateScheduleBody } from "@/lib/shared/schemas/schedules";

/** Scheduled transfers on the client: the API calls and their SWR hook. */

/** The SWR key of the caller's schedules (refreshed after one is created or changed). */
export const MY_SCHEDULES = keyOf(featureOperations.mySchedules);

export function useMySchedules() {
  return useSWR(MY_SCHEDULES, fetcherOf(featureOperations.mySchedules));
}

export function createSchedule(body: CreateScheduleBody, idempotencyKey: string) {
  return call(featureOperations.createSchedule, { body, idempotencyKey });
}

export type ScheduleAction = "pause" | "resume" | "cancel";

const ACTIONS = { pause: featureOperations.pauseSchedule, resume: featureOperations.resumeSchedule, cancel: featureOperations.cancelSchedule } as const;

export function changeSchedule(id: number, action: ScheduleAction) {
  return call(ACTIONS[action], { params: { id } });
}
