"use client";

import type { ReactNode } from "react";
import { Screen } from "@/components/screen";
import { Skeleton } from "@/components/ui/skeleton";
import { useRequireSession } from "@/lib/client/use-require-session";
import { useStrings } from "@/lib/client/language";

type RequireSessionProps = {
  /** Title of the placeholder screen while the session is checked. */
  title: string;
  children: ReactNode;
};

/**
 * Renders its page only for a signed-in visitor; anyone else is sent to `/`. Until session
 * storage has been read (hydration), a skeleton of the screen shows.
 */
export function RequireSession({ title, children }: RequireSessionProps) {
  const t = useStrings();
  const ready = useRequireSession();
  if (ready) return children;
  return (
    <Screen title={title}>
      <div className="stack" aria-busy="true">
        <span className="visually-hidden">{t.common.loading}</span>
        <Skeleton height={56} radius={14} />
        <Skeleton height={168} radius={14} />
        <Skeleton height={48} radius={12} />
      </div>
    </Screen>
  );
}
