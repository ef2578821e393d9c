import "server-only";
import { getDb } from "@/lib/server/db";

/** Every statement of the demo outbox: e-mails a demo server without SMTP keeps instead of sending. */

export type OutboxItem = { id: number; to: string; subject: string; text: string; createdAt: Date };

export async function insertOutboxEmail(mail: { to: string; subject: string; text: string }): Promise<void> {
  await getDb().outboxEmail.create({ data: mail });
}

/** The latest `limit` e-mails, newest first. */
export function latestOutboxEmails(limit: number): Promise<OutboxItem[]> {
  return getDb().outboxEmail.findMany({
    orderBy: { id: "desc" },
    take: limit,
    select: { id: true, to: true, subject: true, text: true, createdAt: true },
  });
}
