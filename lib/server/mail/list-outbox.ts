import "server-only";
import { getDb } from "@/lib/server/db";

export type OutboxItem = { id: number; to: string; subject: string; text: string; createdAt: Date };

/** The latest demo e-mails, newest first, for the demo mailbox page. */
export async function listOutbox(options: { limit: number }): Promise<OutboxItem[]> {
  return getDb().outboxEmail.findMany({
    orderBy: { id: "desc" },
    take: options.limit,
    select: { id: true, to: true, subject: true, text: true, createdAt: true },
  });
}
