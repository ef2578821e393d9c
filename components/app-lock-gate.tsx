"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { Biometry } from "@/lib/client/telegram/app-lock";
import { hapticError } from "@/lib/client/telegram/haptics";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useStrings } from "@/lib/client/language";
import "@/components/login/login.css";
import "./app-lock-gate.css";

type Lock = typeof import("@/lib/client/telegram/app-lock");

/**
 * The app lock's screen: inside Telegram, with the lock on, it covers the app when it opens or
 * comes back after the chosen minutes in the background, until biometrics pass. Nothing at all
 * elsewhere (the lock module loads only inside Telegram).
 */
export function AppLockGate() {
  const ru = useStrings();
  const env = useLoadedTelegram();
  const [gate, setGate] = useState<{ lock: Lock; biometry: Biometry } | null>(null);
  const [locked, setLocked] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!env?.native) return;
    let live = true;
    let stop: () => void = () => undefined;
    void import("@/lib/client/telegram/app-lock").then(async (lock) => {
      const biometry = await lock.deviceBiometry(env);
      if (!live || !biometry) return;
      setGate({ lock, biometry });
      const check = () => {
        if (lock.lockIsOn(biometry) && lock.lockDue(Date.now())) setLocked(true);
        else lock.markActive();
      };
      const onVisibility = () => (document.hidden ? lock.markHidden() : check());
      const onHide = () => lock.markHidden();
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
  }, [env]);

  if (!locked || !gate) return null;

  async function unlock() {
    if (!gate) return;
    if (await gate.lock.unlockWithBiometry(gate.biometry, ru.lock.unlockReason)) {
      gate.lock.markActive();
      setFailed(false);
      setLocked(false);
    } else {
      hapticError();
      setFailed(true);
    }
  }

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="lock-title">
      <h1 id="lock-title" className="welcome-title">
        {ru.lock.title}
      </h1>
      <p className="hint centered">{failed ? ru.lock.failed : ru.lock.hint}</p>
      <Button onClick={() => void unlock()}>{ru.lock.unlock}</Button>
    </div>
  );
}
