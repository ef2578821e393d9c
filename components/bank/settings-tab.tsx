"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { displayName } from "@/components/bank/user-name";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { IconLogout } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { HomeScreenSetting } from "@/components/bank/home-screen";
import { LockSetting } from "@/components/bank/lock-setting";
import { NotificationsSetting } from "@/components/bank/notifications-setting";
import { Toast, useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { anyAnswer, userDto } from "@/lib/client/dto";
import { useMe } from "@/lib/client/hooks";
import { clearSession, getRefreshToken } from "@/lib/client/session";
import { hapticError } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { askWriteAccess } from "@/lib/client/telegram/write-access";
import { LANGUAGES, type Strings } from "@/lib/shared/i18n";
import { apiUrl } from "@/lib/client/api-base";
import { chooseLanguage, useLanguage, useStrings } from "@/lib/client/language";
import { Segmented } from "@/components/ui/segmented";
import "./tabs.css";
import "./settings.css";

/**
 * Where the developer link points: NEXT_PUBLIC_DEVELOPER_URL (read at build time), else the API's
 * own OpenAPI document, which the app always serves.
 */
export const DEVELOPER_URL = process.env.NEXT_PUBLIC_DEVELOPER_URL || apiUrl("/api/v1/openapi.json");

/** The debug pages, offered when the start parameter asks for debug mode. */
const debugLinks = (t: Strings) => [
  { href: "/init-data", label: t.debug.initData },
  { href: "/theme-params", label: t.debug.themeParams },
  { href: "/launch-params", label: t.debug.launchParams },
  { href: "/ton-connect", label: t.debug.tonConnect },
];

/**
 * Settings tab: username, the notifications switch (optimistic, reverts on failure; turning it on
 * for a Telegram user the bot may not write to asks Telegram for leave first), app version,
 * developer link and Logout.
 */
export function SettingsTab() {
  const t = useStrings();
  const language = useLanguage();
  const router = useRouter();
  const toast = useToast();
  const me = useMe();
  const telegram = useLoadedTelegram();
  const user = me.data;

  const [asking, setAsking] = useState(false);

  async function toggle(enable: boolean, ask = enable && user?.botMayWrite === false) {
    if (!user) return;
    let writeAccessAllowed: true | undefined;
    if (ask) {
      setAsking(true);
      const answer = await askWriteAccess(telegram);
      setAsking(false);
      if (answer === "allowed") writeAccessAllowed = true;
    }
    const next = { ...user, notification: enable, ...(writeAccessAllowed ? { botMayWrite: true } : {}) };
    try {
      await me.mutate(
        api(`/api/v1/users/${user.id}/notifications`, userDto, {
          method: "PUT",
          body: { enable, ...(writeAccessAllowed ? { writeAccessAllowed } : {}) },
        }),
        { optimisticData: next, rollbackOnError: true, revalidate: false, populateCache: true },
      );
    } catch {
      hapticError();
      toast.error(t.settings.notificationsFailed);
    }
  }

  function logout() {
    const refresh_token = getRefreshToken();
    // Revoke the refresh token on the server, but never keep the user waiting for it.
    if (refresh_token) {
      void api("/api/v1/auth/logout", anyAnswer, {
        method: "POST",
        body: { refresh_token },
        anonymous: true,
      }).catch(() => undefined);
    }
    clearSession();
    router.replace("/");
  }

  return (
    <>
      <h1 className="tab-title">{t.settings.title}</h1>
      <section className="section">
        <div className="list-item">
          {user ? (
            <Avatar src={user.avatarUrl} name={displayName(user)} size={40} />
          ) : (
            <Skeleton width={40} height={40} radius="50%" />
          )}
          <span className="list-item-text">
            <span className="list-item-subtitle">{t.settings.username}</span>
            <span className="list-item-title" data-testid="settings-username">
              {user ? displayName(user) : <Skeleton width="50%" height={16} />}
            </span>
          </span>
        </div>
        <NotificationsSetting
          user={user}
          busy={asking}
          onToggle={(enable) => void toggle(enable)}
          onAllow={() => void toggle(true, true)}
        />
      </section>

      <LockSetting env={telegram} onError={toast.error} />
      <HomeScreenSetting />

      <section className="section settings-language">
        <h2 className="list-item-title">{t.settings.language}</h2>
        <Segmented
          label={t.settings.language}
          options={LANGUAGES.map((value) => ({ value, label: t.settings.languages[value] }))}
          value={language}
          onChange={chooseLanguage}
        />
      </section>

      <section className="section">
        <div className="list-item">
          <span className="list-item-text">
            <span className="list-item-title">{t.settings.version}</span>
          </span>
          <span className="hint">{t.settings.appVersion}</span>
        </div>
        <a className="list-item list-item-action" href={DEVELOPER_URL} target="_blank" rel="noopener noreferrer">
          <span className="list-item-text">
            <span className="list-item-title">{t.settings.developer}</span>
          </span>
          <span className="hint">{DEVELOPER_URL.replace(/^https?:\/\//, "")}</span>
        </a>
      </section>

      {telegram?.debug && (
        <section className="section">
          {debugLinks(t).map((link) => (
            <a key={link.href} className="list-item list-item-action" href={link.href}>
              <span className="list-item-text">
                <span className="list-item-title">{link.label}</span>
              </span>
            </a>
          ))}
        </section>
      )}

      <Button variant="danger" onClick={logout}>
        <IconLogout size={20} />
        {t.settings.logout}
      </Button>
      <Toast toast={toast} />
    </>
  );
}
