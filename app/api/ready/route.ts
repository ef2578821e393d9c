import { z } from "zod";
import { route } from "@/lib/server/http";
import { checkReady } from "@/lib/server/health/check-ready";

/** Readiness: 200 with the rates' freshness, the outbox's backlog and the last ledger check when the database answers, 503 otherwise. */
export const GET = route(
  {
    method: "GET",
    path: "/api/ready",
    summary: "Readiness probe (the database answers); how old the newest exchange rate is; the notification backlog; the last ledger check",
    description:
      "Answers 200 when the database answers a query within its limit, with the age of the newest exchange rate, the number of notifications waiting to be sent and the last ledger check's result and the read replica's lag (null without one); 503 UNAVAILABLE when the database does not answer.",
    tag: "health",
    auth: false,
    ok: {
      status: 200,
      schema: z.object({
        status: z.literal("ok"),
        rates: z.object({ latest: z.string(), ageDays: z.int().nonnegative() }).nullable(),
        outbox: z.object({ pending: z.int().nonnegative(), oldestPendingSeconds: z.int().nonnegative() }),
        ledger: z.object({ ok: z.boolean(), problems: z.int().nonnegative(), checkedAt: z.string() }).nullable(),
        replica: z
          .object({ up: z.boolean(), lagBytes: z.int().nonnegative().nullable(), lagSeconds: z.number().nonnegative().nullable() })
          .nullable(),
      }),
    },
    errors: ["UNAVAILABLE"],
  },
  () => checkReady(),
);
