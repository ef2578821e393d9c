"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useState } from "react";
import { hasSession } from "@/lib/client/session";

/**
 * Session state read from session storage after hydration: `null` on the server and during
 * hydration, then true/false. Server and first client render stay identical. The answer arrives
 * as a transition: the signed-in screen it reveals then renders in slices between other work,
 * not in one long synchronous task right after hydration (which an external-store read forces).
 */
export function useSessionPresent(): boolean | null {
  const [present, setPresent] = useState<boolean | null>(null);
  useEffect(() => {
    startTransition(() => setPresent(hasSession()));
  }, []);
  return present;
}

/**
 * For pages that need a signed-in user: sends a visitor without a session to the welcome
 * screen (`/`). Returns true once a session is known to exist; render the page only then.
 */
export function useRequireSession(): boolean {
  return useRequiredSession() === true;
}

/** Like `useRequireSession`, but `null` while the session is not read yet (a shell may show). */
export function useRequiredSession(): boolean | null {
  const router = useRouter();
  const present = useSessionPresent();
  useEffect(() => {
    if (present === false) router.replace("/");
  }, [present, router]);
  return present;
}
