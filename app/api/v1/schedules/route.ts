import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createSchedule, listOwnSchedules } from "@/lib/server/schedules/manage";
import { createScheduleBody } from "@/lib/shared/schemas/schedules";
import { clockNow } from "@/lib/server/platform/clock";

export const POST = route(
  contractOf(featureOperations.createSchedule, {
    summary: "Schedule a transfer from one of the caller's wallets: once on a date, or every week / every month on a day, until a date or for a number of times",
    description:
      "Plans a transfer with a transfer's parameters (the recipient resolved to a wallet, kept as that wallet; the amount in the sending wallet's currency, converted at the day's rate when the currencies differ). Each occurrence (a day in Moscow time) runs at 09:00 Moscow time as a normal transfer, exactly once whatever happens (its own idempotency identity); after downtime only the latest missed occurrence of a recurring schedule runs, the earlier ones are recorded as skipped. Monthly days 29–31 fall on a shorter month's last day. A refusal (insufficient funds, a vanished recipient) is recorded as the occurrence's failure and told to the sender; after 3 failures in a row the schedule pauses. Honours Idempotency-Key: a repeat returns the schedule it created. The answer names the recipient, so a schedule to a wallet the caller has never exchanged money with (or to a wallet id that does not exist) counts as a lookup of another user, as a transfer does: 429 RATE_LIMITED once LOOKUP_LIMIT_PER_USER is used up. One user holds at most SCHEDULE_LIMIT_PER_USER (default 50) active or paused schedules; past it 422 SCHEDULE_LIMIT, until one is cancelled or finishes. The session is checked against the database, not trusted from memory: a revoked session gets 401 at once on every instance, and a refresh token's later reuse (a theft) pauses the schedules that session created.",
    tag: "transfers",
    body: createScheduleBody,
    ok: { status: 201 },
    errors: ["FORBIDDEN", "SAME_WALLET", "WALLET_NOT_FOUND", "INVALID_AMOUNT", "RATE_LIMITED", "SCHEDULE_LIMIT"],
    freshSession: true,
  }),
  ({ user, body, idempotencyKey }) => createSchedule({ ...body, userId: user.id, sessionId: user.sessionId, idempotencyKey, now: clockNow() }),
);

export const GET = route(
  contractOf(featureOperations.mySchedules, {
    summary: "The caller's scheduled transfers (not the cancelled ones), newest first, each with its next run and latest runs",
    description:
      "Lists the caller's schedules (at most 100, newest first; cancelled ones are left out) with their status (active, paused, finished), next occurrence, recipient, failures in a row and latest 5 runs (done with its transfer, failed with the refusal's code, or skipped).",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => listOwnSchedules(user.id),
);
