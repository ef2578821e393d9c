"use client";

import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { Gate } from "@/components/lock-screen";
import { isInsideTelegram } from "@/lib/client/detect";
import { useTelegramStatus } from "@/lib/client/telegram/provider";


/**
 * "deciding": the lock has not said yet whether it is due, and nothing of the app is rendered;
 * "locked": due before the app was ever shown (still not rendered); "covered": due again after
 * the app was shown (kept mounted, hidden).
 */
type LockState = "deciding" | "open" | "locked" | "covered";

const noSubscription = () => () => undefined;
const outsideTelegram = () => false;

/** Whether the lock is due now; null when there is no lock on this device (or it is off). */
async function decide(env: NonNullable<ReturnType<typeof useTelegramStatus>["env"]>): Promise<Gate | null> {
  if (!env.native) return null;
  const lock = await import("@/lib/client/telegram/app-lock");
  const biometry = await lock.deviceBiometry(env);
  if (!biometry || !lock.lockIsOn(biometry)) return null;
  const { LockScreen } = await import("@/components/lock-screen");
  return { lock, biometry, Screen: LockScreen };
}

/**
 * The app lock (BiometricManager, Bot API 7.2) around the whole app. Inside Telegram nothing of
 * the app is rendered until the lock has decided — no balance, name or account number paints
 * before it — and with the lock on and due (on opening, or back after the chosen minutes in the
 * background) only the lock screen shows until biometrics pass. An app that was already shown
 * stays mounted but hidden while locked, so a form keeps its input. Outside Telegram (and on
 * clients without biometrics) the app renders at once, and the lock module never loads.
 */
export function AppLockGate({ children }: { children: ReactNode }) {
  const inTelegram = useSyncExternalStore(noSubscription, isInsideTelegram, outsideTelegram);
  const { status, env } = useTelegramStatus();
  const [gate, setGate] = useState<Gate | null>(null);
  const [state, setState] = useState<LockState>("deciding");

  useEffect(() => {
    if (status !== "ready" || !env) return;
    let live = true;
    let stop: () => void = () => undefined;
    void decide(env)
      .catch(() => null)
      .then((found) => {
        if (!live) return;
        setGate(found);
        if (!found) return setState("open");
        const check = () => {
          if (found.lock.lockIsOn(found.biometry) && found.lock.lockDue(Date.now())) {
            setState((current) => (current === "deciding" ? "locked" : current === "open" ? "covered" : current));
          } else {
            found.lock.markActive();
            setState((current) => (current === "deciding" ? "open" : current));
          }
        };
        const onVisibility = () => (document.hidden ? found.lock.markHidden() : check());
        const onHide = () => found.lock.markHidden();
        check();
        document.addEventListener("visibilitychange", onVisibility);
        window.addEventListener("pagehide", onHide);
        stop = () => {
          document.removeEventListener("visibilitychange", onVisibility);
          window.removeEventListener("pagehide", onHide);
        };
      });
    return () => {
      live = false;
      stop();
    };
  }, [status, env]);

  // A client that could not start gets the "client too old" screen: there is nothing to lock.
  if (!inTelegram || status === "failed") return children;
  if (state === "deciding") return <main className="screen" aria-busy="true" />;
  return (
    <>
      {state !== "locked" && <div style={{ display: state === "open" ? "contents" : "none" }}>{children}</div>}
      {state !== "open" && gate && <gate.Screen gate={gate} onUnlocked={() => setState("open")} />}
    </>
  );
}
