import { notFound } from "next/navigation";
import { getEnv } from "@/lib/server/platform/env";
import { listOutbox } from "@/lib/server/mail/list-outbox";
import { ruFeatures } from "@/lib/shared/strings-features";
import { MailboxView } from "./mailbox-view";

// Always read the outbox afresh: a code sent a second ago must be visible on reload.
export const dynamic = "force-dynamic";

export const metadata = { title: ruFeatures.mailbox.title, robots: { index: false } };

/** Demo only: the e-mails a demo server would have sent, so e-mail sign-in works offline. */
export default async function MailboxPage() {
  if (!getEnv().demo) notFound();
  const mails = await listOutbox({ limit: 20 });
  return (
    <MailboxView
      mails={mails.map((mail) => ({ id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, createdAt: mail.createdAt.toISOString() }))}
    />
  );
}
