"use client";

import dayjs from "dayjs";
import Link from "next/link";
import { IconBack } from "@/components/ui/icons";
import { useAllStrings } from "@/lib/client/feature-strings";
import styles from "./mailbox.module.css";

export type MailView = { id: string | number; to: string; subject: string; text: string; createdAt: string };

/**
 * The demo outbox in the screen's language, with the way back to the app (/login, which goes on
 * to the bank when a session is already signed in).
 */
export function MailboxView({ mails }: { mails: readonly MailView[] }) {
  const t = useAllStrings();
  return (
    <main className={styles.page}>
      <Link className={styles.back} href="/login">
        <IconBack size={20} />
        {t.mailbox.back}
      </Link>
      <h1 className={styles.title}>{t.mailbox.title}</h1>
      <p className={styles.hint}>{t.mailbox.hint}</p>
      {mails.length === 0 ? (
        <p className={styles.empty}>{t.mailbox.empty}</p>
      ) : (
        <ul className={styles.list}>
          {mails.map((mail) => (
            <li key={mail.id} className={styles.mail} data-letter>
              <dl className={styles.meta}>
                <dt>{t.mailbox.to}</dt>
                <dd data-testid="mail-to">{mail.to}</dd>
                <dt>{t.mailbox.subject}</dt>
                <dd>{mail.subject}</dd>
                <dt>{t.mailbox.sentAt}</dt>
                <dd>
                  <time dateTime={mail.createdAt}>{dayjs(mail.createdAt).format("DD.MM.YYYY HH:mm:ss")}</time>
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
