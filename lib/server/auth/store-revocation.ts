import "server-only";
import { sqlOf } from "@/lib/server/db";

/**
 * The session check of every authenticated request, on the direct SQL path (docs/architecture.md,
 * Persistence). The rest of refresh tokens and sessions is store-tokens.ts.
 */

/** Whether any token of the family (a session) is revoked: one indexed look-up. */
export async function isFamilyRevoked(family: string): Promise<boolean> {
  const sql = await sqlOf();
  const rows = await sql.$queryRaw<unknown[]>`
    SELECT 1 FROM "RefreshToken" WHERE "family" = ${family} AND "revokedAt" IS NOT NULL LIMIT 1`;
  return rows.length > 0;
}
