"use client";

import { Switch } from "@/components/ui/switch";
import type { UserDto } from "@/lib/shared/schemas/users";
import { useStrings } from "@/lib/client/language";
import "./settings.css";

/** What the user is told about notifications: on, off, or the bot may not write to them. */
export type NotificationsState = "on" | "off" | "botBlocked";

/** The truth as the server records it (the switch alone would say "on" while nothing arrives). */
export function notificationsState(user: Pick<UserDto, "notification" | "botMayWrite">): NotificationsState {
  if (!user.notification) return "off";
  return user.botMayWrite === false ? "botBlocked" : "on";
}

/**
 * The notifications row of the settings: a switch, and while the bot may not write to a Telegram
 * user, that fact, where their notices go instead (e-mail) and a button that asks Telegram for
 * leave to write.
 */
export function NotificationsSetting({
  user,
  busy,
  onToggle,
  onAllow,
}: {
  user: UserDto | undefined;
  busy: boolean;
  onToggle: (enable: boolean) => void;
  onAllow: () => void;
}) {
  const t = useStrings();
  const state = user ? notificationsState(user) : "off";
  const byEmail = state === "botBlocked" && Boolean(user?.email);
  return (
    <>
      <div className="list-item">
        <span className="list-item-text">
          <span className="list-item-title">{t.settings.notifications}</span>
          {state === "botBlocked" && (
            <span className="list-item-subtitle" data-testid="notifications-state">
              {byEmail ? `${t.settings.botCannotWrite}. ${t.settings.notificationsByEmail}` : t.settings.botCannotWrite}
            </span>
          )}
        </span>
        <Switch
          label={t.settings.notifications}
          checked={state === "on" || byEmail}
          onChange={onToggle}
          disabled={!user || busy}
        />
      </div>
      {state === "botBlocked" && (
        <button type="button" className="list-item list-item-action" onClick={onAllow} disabled={busy}>
          <span className="list-item-text">
            <span className="list-item-title link-text">{t.settings.allowBot}</span>
          </span>
        </button>
      )}
    </>
  );
}
