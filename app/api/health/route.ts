import { z } from "zod";
import { route } from "@/lib/server/http";

/** Liveness: answers while the process can serve requests. Touches nothing else, the DB included. */
export const GET = route(
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness probe",
    description:
      "Answers 200 while the process serves requests; it does not touch the database (see /api/ready for that). For load balancers and process supervisors.",
    tag: "health",
    auth: false,
    ok: { status: 200, schema: z.object({ status: z.literal("ok") }) },
  },
  async () => ({ status: "ok" as const }),
);
