"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { IconBack } from "@/components/ui/icons";
import { useLoadedTelegram, useTelegramBackButton } from "@/lib/client/telegram/provider";
import { useStrings } from "@/lib/client/language";

type ScreenProps = {
  /** Heading of the screen; also its accessible name. */
  title?: string;
  /** Where Back goes: a path, a callback, or nothing for a root screen without Back. */
  back?: string | (() => void);
  /** Extra class for the `<main>` element (layout variants). */
  className?: string;
  children: ReactNode;
};

/**
 * Wraps every page: heading, in-app Back (mirrored by the Telegram back button), theme surface.
 * Inside a real Telegram client the native back button replaces the in-app one.
 */
export function Screen({ title, back, className, children }: ScreenProps) {
  const t = useStrings();
  const router = useRouter();
  const goBack = back
    ? typeof back === "function"
      ? back
      : () => router.push(back)
    : undefined;
  useTelegramBackButton(goBack);
  const env = useLoadedTelegram();
  const nativeBack = Boolean(env?.native && env.sdk.backButton.isMounted());
  const showInAppBack = Boolean(goBack) && !nativeBack;
  return (
    <main className={["screen", className ?? ""].filter(Boolean).join(" ")}>
      {(title || showInAppBack) && (
        <header className="screen-header">
          {showInAppBack && (
            <button type="button" className="back-button" onClick={goBack}>
              <IconBack size={22} />
              {t.common.back}
            </button>
          )}
          {title && <h1>{title}</h1>}
        </header>
      )}
      {children}
    </main>
  );
}
