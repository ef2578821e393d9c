import "server-only";

const SQLITE_UNIQUE = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

/**
 * A unique-constraint violation, whether Prisma raised it (P2002, any adapter) or the direct
 * SQLite runner did (better-sqlite3's extended result code).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === "P2002" || (typeof code === "string" && SQLITE_UNIQUE.has(code));
}
