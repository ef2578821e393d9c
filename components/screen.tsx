"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { ru } from "@/lib/shared/strings";

type ScreenProps = {
  /** Heading of the screen; also its accessible name. */
  title?: string;
  /** Where Back goes: a path, a callback, or nothing for a root screen without Back. */
  back?: string | (() => void);
  children: ReactNode;
};

/**
 * Wraps every page: heading, in-app Back (mirrored by the Telegram back button), theme surface.
 */
export function Screen({ title, back, children }: ScreenProps) {
  const router = useRouter();
  const goBack = back
    ? typeof back === "function"
      ? back
      : () => router.push(back)
    : undefined;
  return (
    <main className="screen">
      {(title || goBack) && (
        <header className="screen-header">
          {goBack && (
            <button type="button" className="back-button" onClick={goBack}>
              {ru.common.back}
            </button>
          )}
          {title && <h1>{title}</h1>}
        </header>
      )}
      {children}
    </main>
  );
}
