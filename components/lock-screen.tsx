"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useFormStrings } from "@/lib/client/form-strings";
import type { Biometry } from "@/lib/client/telegram/app-lock";
import { hapticError } from "@/lib/client/telegram/haptics";
import "@/components/login/login.css";
import "./lock-screen.css";

type Lock = typeof import("@/lib/client/telegram/app-lock");
/**
 * The lock, when it is on (components/app-lock-gate.tsx): its module and this screen load only
 * then, a chunk of their own.
 */
export type Gate = { lock: Lock; biometry: Biometry; Screen: typeof LockScreen };

/** The app lock's screen (components/app-lock-gate.tsx): biometrics, and again after a failure. */
export function LockScreen({ gate, onUnlocked }: { gate: Gate; onUnlocked: () => void }) {
  const t = useFormStrings();
  const [failed, setFailed] = useState(false);

  async function unlock() {
    if (await gate.lock.unlockWithBiometry(gate.biometry, t.lock.unlockReason)) {
      gate.lock.markActive();
      setFailed(false);
      onUnlocked();
    } else {
      hapticError();
      setFailed(true);
    }
  }

  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="lock-title">
      <h1 id="lock-title" className="welcome-title">
        {t.lock.title}
      </h1>
      <p className="hint centered">{failed ? t.lock.failed : t.lock.hint}</p>
      <Button onClick={() => void unlock()}>{t.lock.unlock}</Button>
    </div>
  );
}
