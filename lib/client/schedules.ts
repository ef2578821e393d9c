import useSWR from "swr";
import { api } from "@/lib/client/api";
import { scheduleDto, scheduleListDto } from "@/lib/client/dto";
import type { CreateScheduleBody } from "@/lib/shared/schemas/schedules";

/** Scheduled transfers on the client: the API calls and their SWR hook. */

export const MY_SCHEDULES = "/api/v1/schedules";

export function useMySchedules() {
  return useSWR(MY_SCHEDULES, (path: string) => api(path, scheduleListDto));
}

export function createSchedule(body: CreateScheduleBody, idempotencyKey: string) {
  return api(MY_SCHEDULES, scheduleDto, { method: "POST", body, headers: { "idempotency-key": idempotencyKey } });
}

export type ScheduleAction = "pause" | "resume" | "cancel";

export function changeSchedule(id: number, action: ScheduleAction) {
  return api(`/api/v1/schedules/${id}/${action}`, scheduleDto, { method: "POST" });
}
