"use client";

import { EmptyState } from "@/components/debug/empty-state";
import { KeyValueList, flattenEntries, type Entry } from "@/components/debug/key-value-list";
import { Skeleton } from "@/components/ui/skeleton";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { useMe } from "@/lib/client/hooks";
import { clientFeatures } from "@/lib/client/telegram/features";
import { useTelegram } from "@/lib/client/telegram/provider";
import { fill } from "@/lib/shared/strings";
import type { ScreenStrings } from "@/lib/shared/languages";
import type { UserDto } from "@/lib/shared/schemas/users";
import { useAllStrings } from "@/lib/client/feature-strings";
import "./debug-view.css";

export type DebugKind = "init-data" | "theme-params" | "launch-params";

const TITLES = (t: ScreenStrings): Record<DebugKind, string> => ({
  "init-data": t.debug.initData,
  "theme-params": t.debug.themeParams,
  "launch-params": t.debug.launchParams,
});

/** Launch parameters without the two blocks that have their own pages, without the prefix. */
export function launchEntries(env: TelegramEnv): Entry[] {
  const rest = Object.fromEntries(
    Object.entries(env.launchParams)
      .filter(([key]) => key !== "tgWebAppData" && key !== "tgWebAppThemeParams")
      .map(([key, value]) => [key.replace(/^tgWebApp/, "").replace(/^./, (c) => c.toLowerCase()), value]),
  );
  return flattenEntries({ ...rest, native: env.native, debug: env.debug });
}

/** Which of the platform features Minibank uses this client has (its Bot API version and platform). */
export function featureEntries(env: TelegramEnv, t: ScreenStrings): Entry[] {
  const platform = env.launchParams.tgWebAppPlatform;
  return clientFeatures(env).map(({ feature, supported }) => ({
    key: t.debug.featureNames[feature.id],
    value: supported
      ? fill(t.debug.featureOn, { since: feature.since })
      : feature.platforms && !feature.platforms.includes(platform)
        ? t.debug.featureOffPlatform
        : fill(t.debug.featureOff, { since: feature.since }),
  }));
}

function Swatch({ entry }: { entry: Entry }) {
  if (!/^#[0-9a-f]{3,8}$/i.test(entry.value)) return null;
  return <span className="kv-swatch" style={{ background: entry.value }} aria-hidden="true" />;
}

/** Live theme parameters: they change when the user switches the Telegram theme. */
function ThemeParams({ env }: { env: TelegramEnv }) {
  const t = useAllStrings();
  const state = env.sdk.useSignal(env.sdk.themeParams.state);
  const entries = flattenEntries(state);
  if (entries.length === 0) return <EmptyState />;
  return <KeyValueList label={t.debug.themeParams} entries={entries} decorate={(e) => <Swatch entry={e} />} />;
}

/**
 * Whether the launch's init data belongs to the signed-in person. Inside Telegram it is that
 * person's launch. A plain browser imitates Telegram with the demo's Telegram user (Алиса): the
 * data is hers, shown only to a session signed in as her — never as if it were another person's.
 */
function launchIsMine(env: TelegramEnv, me: UserDto | undefined): boolean {
  if (env.native) return true;
  const user = env.launchParams.tgWebAppData?.user;
  return Boolean(me && user?.username && me.telegramUsername === user.username);
}

/**
 * The body of a debug page: Telegram init data (user, chat, auth date, hash…), theme parameters
 * or launch parameters as key/value rows, or an empty state when there are none.
 */
export function DebugView({ kind }: { kind: DebugKind }) {
  const t = useAllStrings();
  const { status, env } = useTelegram();
  const me = useMe();
  if (status === "idle" || status === "loading") {
    return (
      <div className="stack" aria-busy="true">
        <span className="visually-hidden">{t.common.loading}</span>
        <Skeleton height={240} radius={14} />
      </div>
    );
  }
  if (!env) return <EmptyState />;
  if (kind === "theme-params") return <ThemeParams env={env} />;
  if (kind === "init-data" && !launchIsMine(env, me.data)) return <EmptyState hint={me.data ? t.debug.notYourLaunch : undefined} />;
  const entries =
    kind === "init-data" ? flattenEntries(env.launchParams.tgWebAppData) : launchEntries(env);
  if (entries.length === 0) return <EmptyState />;
  if (kind !== "launch-params") return <KeyValueList label={TITLES(t)[kind]} entries={entries} />;
  return (
    <>
      <KeyValueList label={TITLES(t)[kind]} entries={entries} />
      <h2 className="section-title">{t.debug.features}</h2>
      <KeyValueList label={t.debug.features} entries={featureEntries(env, t)} />
    </>
  );
}
