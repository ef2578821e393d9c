import "server-only";

/** A unique-constraint violation (Prisma's P2002), whichever adapter raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
