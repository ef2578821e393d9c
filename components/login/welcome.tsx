"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Screen } from "@/components/screen";
import { IconMail, IconTelegram } from "@/components/ui/icons";
import { IntentLink } from "@/components/ui/intent-link";
import { Spinner } from "@/components/ui/spinner";
import { isInsideTelegram } from "@/lib/client/detect";
import { loadTelegram } from "@/lib/client/telegram/init";
import { useSessionPresent } from "@/lib/client/use-require-session";
import { takeStartPath } from "@/lib/client/start-link";
import { useFormStrings } from "@/lib/client/form-strings";
import "@/components/ui/button.css";
import "./login.css";

/** The bank's mark: a rounded square with a stylised wallet. */
function Logo() {
  return (
    <svg className="welcome-logo" width="88" height="88" viewBox="0 0 88 88" aria-hidden="true">
      <rect width="88" height="88" rx="24" fill="var(--tg-theme-button-color)" />
      <rect x="20" y="28" width="48" height="34" rx="7" fill="none" stroke="var(--tg-theme-button-text-color)" strokeWidth="5" />
      <path d="M20 38h48" stroke="var(--tg-theme-button-text-color)" strokeWidth="5" />
      <circle cx="56" cy="50" r="3.5" fill="var(--tg-theme-button-text-color)" />
    </svg>
  );
}

const noSubscription = () => () => undefined;
const notInTelegram = () => false;

/**
 * Welcome screen (`/` and `/login`): sign in with Telegram or with e-mail. A visitor who already
 * has a session goes straight to the bank; inside Telegram, so does one whose refresh token the
 * client kept from an earlier visit (the choice waits for that answer).
 */
export function Welcome() {
  const t = useFormStrings();
  const router = useRouter();
  const signedIn = useSessionPresent();
  const inTelegram = useSyncExternalStore(noSubscription, isInsideTelegram, notInTelegram);
  const [resumeFailed, setResumeFailed] = useState(false);
  const resuming = signedIn === false && inTelegram && !resumeFailed;
  useEffect(() => {
    if (signedIn) router.replace(takeStartPath(window.sessionStorage));
    if (signedIn !== false || !inTelegram) return;
    let live = true;
    loadTelegram()
      .then((env) => env.sessionResumed)
      .catch(() => false)
      .then((resumed) => {
        if (!live) return;
        if (resumed) router.replace(takeStartPath(window.sessionStorage));
        else setResumeFailed(true);
      });
    return () => {
      live = false;
    };
  }, [signedIn, inTelegram, router]);

  return (
    <Screen className="screen-centered">
      <div className="welcome">
        <Logo />
        <h1 className="welcome-title">{t.login.title}</h1>
        <p className="hint centered">{t.login.subtitle}</p>
      </div>
      <div className="stack welcome-actions" aria-busy={resuming}>
        {resuming ? (
          <Spinner size={28} />
        ) : (
          <>
            <IntentLink href="/telegram-login" className="btn btn-primary btn-full">
              <IconTelegram size={20} />
              {t.login.withTelegram}
            </IntentLink>
            <IntentLink href="/email-login" className="btn btn-secondary btn-full">
              <IconMail size={20} />
              {t.login.withEmail}
            </IntentLink>
          </>
        )}
      </div>
    </Screen>
  );
}
