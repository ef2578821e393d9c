import "server-only";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { logger } from "@/lib/server/log";

/** A stuck database must not hold a readiness probe open longer than the prober waits. */
const READY_TIMEOUT_MS = 2000;

/**
 * Throws UNAVAILABLE (503) unless the database answers a trivial query in time. The query is
 * plain `SELECT 1`, valid in SQLite and PostgreSQL alike.
 */
export async function checkReady(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getDb().$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("readiness query timed out")), READY_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    // The cause goes to the log only; the body stays the generic `{message, code}`.
    logger.warn({ err: error }, "readiness check failed");
    throw new AppError("UNAVAILABLE");
  } finally {
    clearTimeout(timer);
  }
}
