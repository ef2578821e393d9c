"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Screen } from "@/components/screen";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Toast, useToast } from "@/components/ui/toast";
import { hapticError } from "@/lib/client/telegram/haptics";
import { useTelegram } from "@/lib/client/telegram/provider";
import { takeStartPath } from "@/lib/client/start-link";
import { useFormStrings } from "@/lib/client/form-strings";
import "./login.css";

/**
 * Telegram sign-in: shows the Telegram user's photo and name from the launch data and signs in
 * with the raw init data, which the server validates.
 */
export function TelegramLogin() {
  const t = useFormStrings();
  const router = useRouter();
  const toast = useToast();
  const { status, env } = useTelegram();
  const [busy, setBusy] = useState(false);
  const user = env?.user ?? null;
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(" ") : "";
  const loading = status === "idle" || status === "loading";

  async function signIn() {
    const initData = env?.initDataRaw;
    if (!initData) {
      hapticError();
      toast.error(t.login.noLaunchData);
      return;
    }
    setBusy(true);
    try {
      // Loaded on demand: keeps the API client and zod out of the page's first load.
      const { telegramSignIn } = await import("@/components/login/sign-in-calls");
      await telegramSignIn(initData);
      router.replace(takeStartPath(window.sessionStorage));
    } catch {
      setBusy(false);
      hapticError();
      toast.error(t.login.loginFailed);
    }
  }

  return (
    <Screen title={t.login.telegramTitle} back="/">
      <section className="tg-user" aria-busy={loading}>
        {loading ? (
          <>
            <Skeleton width={96} height={96} radius="50%" />
            <Skeleton width={160} height={22} />
          </>
        ) : user ? (
          <>
            <Avatar src={user.photoUrl} name={name} size={96} />
            <p className="tg-user-name">{name}</p>
            {user.username && <p className="hint">@{user.username}</p>}
          </>
        ) : (
          <p className="hint centered">{t.login.noLaunchData}</p>
        )}
      </section>
      <div className="spacer" />
      <Button onClick={signIn} loading={busy} disabled={loading}>
        {user ? `${t.login.continueAs} ${user.firstName}` : t.common.continue}
      </Button>
      <Toast toast={toast} />
    </Screen>
  );
}
