import { route } from "@/lib/server/http";

/** Liveness: answers while the process can serve requests. Touches nothing else, the DB included. */
export const GET = route({ auth: false }, async () => ({ status: "ok" }));
