import { route } from "@/lib/server/http";
import { checkReady } from "@/lib/server/health/check-ready";

/** Readiness: 200 when the database answers, 503 `{message, code: "UNAVAILABLE"}` otherwise. */
export const GET = route({ auth: false }, async () => {
  await checkReady();
  return { status: "ok" };
});
