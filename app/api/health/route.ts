import { z } from "zod";
import { route } from "@/lib/server/http";

/** Liveness: answers while the process can serve requests. Touches nothing else, the DB included. */
export const GET = route(
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness probe",
    tag: "health",
    auth: false,
    ok: { status: 200, schema: z.object({ status: z.literal("ok") }) },
  },
  async () => ({ status: "ok" as const }),
);
