import "server-only";
import { latestOutboxEmails, type OutboxItem } from "@/lib/server/mail/store";

export type { OutboxItem };

/** The latest demo e-mails, newest first, for the demo mailbox page. */
export function listOutbox(options: { limit: number }): Promise<OutboxItem[]> {
  return latestOutboxEmails(options.limit);
}
