import { route } from "@/lib/server/http";
import { checkReady } from "@/lib/server/health/check-ready";

/** Readiness: 200 with the rates' freshness when the database answers, 503 otherwise. */
export const GET = route({ auth: false }, () => checkReady());
