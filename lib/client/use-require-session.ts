"use client";

import { useRouter } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { hasSession } from "@/lib/client/session";

const noop = () => () => undefined;

/**
 * Session state read from session storage after hydration: `null` on the server and during
 * hydration, then true/false. Reading it through useSyncExternalStore keeps server and first
 * client render identical.
 */
export function useSessionPresent(): boolean | null {
  return useSyncExternalStore<boolean | null>(noop, hasSession, () => null);
}

/**
 * For pages that need a signed-in user: sends a visitor without a session to the welcome
 * screen (`/`). Returns true once a session is known to exist; render the page only then.
 */
export function useRequireSession(): boolean {
  const router = useRouter();
  const present = useSessionPresent();
  useEffect(() => {
    if (present === false) router.replace("/");
  }, [present, router]);
  return present === true;
}
