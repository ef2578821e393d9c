import "server-only";
import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { hitRateLimit } from "@/lib/server/limits/rate-limit";
import { readStatementHead, type StatementHead, type StatementOptions } from "@/lib/server/statements/read-statement";

/** The window STATEMENT_DOWNLOAD_LIMIT_PER_USER counts downloads in. */
export const STATEMENT_DOWNLOAD_WINDOW_MS = 10 * 60 * 1000;

/** A statement holds at most STATEMENT_MAX_ROWS movements; a longer period is refused (422). */
export function checkStatementSize(head: Pick<StatementHead, "count">): void {
  if (head.count > getEnv().statementMaxRows) throw new AppError("STATEMENT_TOO_LARGE");
}

/**
 * Before a download link is made: the period's statement must fit STATEMENT_MAX_ROWS, so the
 * customer is told on the screen, not by a failed download.
 */
export async function checkStatementPeriod(options: StatementOptions): Promise<void> {
  checkStatementSize(await readStatementHead(options));
}

/**
 * Before a statement file is made: it must fit STATEMENT_MAX_ROWS (movements may have been added
 * since the link was made), and its owner may download at most STATEMENT_DOWNLOAD_LIMIT_PER_USER
 * files per 10 minutes, whichever link they use — making a file costs the server far more than
 * any other read, and the link needs no session. Counted in the database (every instance shares it).
 */
export async function admitStatementDownload(head: StatementHead): Promise<void> {
  checkStatementSize(head);
  try {
    await hitRateLimit({
      key: `statement:${head.userId}`,
      limit: getEnv().statementDownloadLimitPerUser,
      windowMs: STATEMENT_DOWNLOAD_WINDOW_MS,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") throw new AppError("RATE_LIMITED", "errors.statementRateLimited");
    throw error;
  }
}
