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
import { call } from "@/lib/client/api";
import { useMe } from "@/lib/client/hooks";
import { clearSession, getRefreshToken } from "@/lib/client/session";
import { hapticError } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { askWriteAccess } from "@/lib/client/telegram/write-access";
import { LANGUAGES, type ScreenStrings } from "@/lib/shared/languages";
import { operations } from "@/lib/shared/api/operations";
import { chooseLanguage } from "@/lib/client/language";
import { useFeatureLanguage, useAllStrings } from "@/lib/client/feature-strings";
import { Segmented } from "@/components/ui/segmented";
import "./tabs.css";
import "./settings.css";

/**
 * Where the settings tab's developer link points, for everyone: the page NEXT_PUBLIC_DEVELOPER_URL
 * names (read at build time), otherwise this app's readable API reference (app/api/docs, Redoc over
 * the OpenAPI document). It is on the app's own origin: the app documents the contract it speaks,
 * whichever backend API_BASE_URL names. A customer is never sent to raw JSON.
 */
export function developerLink(configured = process.env.NEXT_PUBLIC_DEVELOPER_URL): string {
  return configured || API_DOCS_PATH;
}

/** The app's readable API reference (app/api/docs). */
const API_DOCS_PATH = "/api/docs";

/** The debug pages, offered when the start parameter asks for debug mode. */
const debugLinks = (t: ScreenStrings) => [
  { href: "/init-data", label: t.debug.initData },
  { href: "/theme-params", label: t.debug.themeParams },
  { href: "/launch-params", label: t.debug.launchParams },
  { href: "/ton-connect", label: t.debug.tonConnect },
];

/** The signed-in person's picture and name, skeletons while they load. */
function ProfileRow({ user }: { user: ReturnType<typeof useMe>["data"] }) {
  const t = useAllStrings();
  return (
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
  );
}

function LanguageSection() {
  const t = useAllStrings();
  const language = useFeatureLanguage();
  return (
    <section className="section settings-language">
      <h2 className="list-item-title">{t.settings.language}</h2>
      <Segmented
        label={t.settings.language}
        options={LANGUAGES.map((value) => ({ value, label: t.settings.languages[value] }))}
        value={language}
        onChange={chooseLanguage}
      />
    </section>
  );
}

/** The app's version and the developer link (see developerLink). */
function AboutSection() {
  const t = useAllStrings();
  const developer = developerLink();
  return (
    <section className="section">
      <div className="list-item">
        <span className="list-item-text">
          <span className="list-item-title">{t.settings.version}</span>
        </span>
        <span className="hint">{t.settings.appVersion}</span>
      </div>
      <a className="list-item list-item-action" href={developer} target="_blank" rel="noopener noreferrer">
        <span className="list-item-text">
          <span className="list-item-title">{t.settings.developer}</span>
        </span>
        {/^https?:\/\//.test(developer) && <span className="hint">{new URL(developer).host}</span>}
      </a>
    </section>
  );
}

function DebugSection() {
  const t = useAllStrings();
  return (
    <section className="section">
      {debugLinks(t).map((link) => (
        <a key={link.href} className="list-item list-item-action" href={link.href}>
          <span className="list-item-text">
            <span className="list-item-title">{link.label}</span>
          </span>
        </a>
      ))}
    </section>
  );
}

/**
 * The notifications switch: optimistic, reverting on failure; turning it on for a Telegram user the
 * bot may not write to asks Telegram for leave first.
 */
function useNotificationsToggle(toast: ReturnType<typeof useToast>) {
  const t = useAllStrings();
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
        call(operations.setNotifications, {
          params: { id: user.id },
          body: { enable, ...(writeAccessAllowed ? { writeAccessAllowed } : {}) },
        }),
        { optimisticData: next, rollbackOnError: true, revalidate: false, populateCache: true },
      );
    } catch {
      hapticError();
      toast.error(t.settings.notificationsFailed);
    }
  }

  return { user, asking, toggle };
}

/** Signs out at once; the refresh token is revoked on the server without keeping the user waiting. */
function useLogout() {
  const router = useRouter();
  return () => {
    const refresh_token = getRefreshToken();
    if (refresh_token) {
      void call(operations.logout, { body: { refresh_token } }).catch(() => undefined);
    }
    clearSession();
    router.replace("/");
  };
}

/**
 * Settings tab: username, the notifications switch (optimistic, reverts on failure; turning it on
 * for a Telegram user the bot may not write to asks Telegram for leave first), app version,
 * developer link and Logout.
 */
export function SettingsTab() {
  const t = useAllStrings();
  const toast = useToast();
  const telegram = useLoadedTelegram();
  const { user, asking, toggle } = useNotificationsToggle(toast);
  const logout = useLogout();

  return (
    <>
      <h1 className="tab-title">{t.settings.title}</h1>
      <section className="section">
        <ProfileRow user={user} />
        <NotificationsSetting
          user={user}
          busy={asking}
          onToggle={(enable) => void toggle(enable)}
          onAllow={() => void toggle(true, true)}
        />
      </section>

      <section className="section">
        <a className="list-item list-item-action" href="/limits" data-testid="settings-limits">
          <span className="list-item-text">
            <span className="list-item-title">{t.settings.limits}</span>
          </span>
        </a>
      </section>
      <LockSetting env={telegram} onError={toast.error} />
      <HomeScreenSetting />
      <LanguageSection />
      <AboutSection />
      {telegram?.debug && <DebugSection />}

      <Button variant="danger" onClick={logout}>
        <IconLogout size={20} />
        {t.settings.logout}
      </Button>
      <Toast toast={toast} />
    </>
  );
}
