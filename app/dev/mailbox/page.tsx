import dayjs from "dayjs";
import { notFound } from "next/navigation";
import { getEnv } from "@/lib/server/env";
import { listOutbox } from "@/lib/server/mail/list-outbox";
import { ru } from "@/lib/shared/strings";
import styles from "./mailbox.module.css";

// Always read the outbox afresh: a code sent a second ago must be visible on reload.
export const dynamic = "force-dynamic";

export const metadata = { title: ru.mailbox.title, robots: { index: false } };

/** Demo only: the e-mails a demo server would have sent, so e-mail sign-in works offline. */
export default async function MailboxPage() {
  if (!getEnv().demo) notFound();
  const mails = await listOutbox({ limit: 20 });
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{ru.mailbox.title}</h1>
      <p className={styles.hint}>{ru.mailbox.hint}</p>
      {mails.length === 0 ? (
        <p className={styles.empty}>{ru.mailbox.empty}</p>
      ) : (
        <ul className={styles.list}>
          {mails.map((mail) => (
            <li key={mail.id} className={styles.mail}>
              <dl className={styles.meta}>
                <dt>{ru.mailbox.to}</dt>
                <dd data-testid="mail-to">{mail.to}</dd>
                <dt>{ru.mailbox.subject}</dt>
                <dd>{mail.subject}</dd>
                <dt>{ru.mailbox.sentAt}</dt>
                <dd>
                  <time dateTime={mail.createdAt.toISOString()}>
                    {dayjs(mail.createdAt).format("DD.MM.YYYY HH:mm:ss")}
                  </time>
                </dd>
              </dl>
              <pre className={styles.text}>{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
