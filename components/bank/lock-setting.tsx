"use client";

import { useEffect, useState } from "react";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import type { Biometry, LockPrefs } from "@/lib/client/telegram/app-lock";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { formatMoney, MINOR_PER_UNIT } from "@/lib/shared/money";
import { fill } from "@/lib/shared/strings";
import { useFormLanguage, useFormStrings } from "@/lib/client/form-strings";
import "./settings.css";

type Lock = typeof import("@/lib/client/telegram/app-lock");

/**
 * The app lock's rows in the settings: offered only inside Telegram on a device with biometrics
 * (Bot API 7.2); nothing is rendered elsewhere. On: the minutes in the background after which
 * opening asks, and the transfer size (in rubles) above which a transfer asks.
 */
export function LockSetting({ env, onError }: { env: TelegramEnv | null; onError: (text: string) => void }) {
  const t = useFormStrings();
  const language = useFormLanguage();
  const [state, setState] = useState<{ lock: Lock; biometry: Biometry; on: boolean; prefs: LockPrefs } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!env?.native) return;
    let live = true;
    void import("@/lib/client/telegram/app-lock").then(async (lock) => {
      const biometry = await lock.deviceBiometry(env);
      if (live && biometry) setState({ lock, biometry, on: lock.lockIsOn(biometry), prefs: lock.readLockPrefs() });
    });
    return () => {
      live = false;
    };
  }, [env]);

  if (!state) return null;
  const { lock, biometry, on, prefs } = state;

  async function toggle(enable: boolean) {
    setBusy(true);
    const done = enable ? await lock.turnLockOn(biometry) : await lock.turnLockOff(biometry);
    setBusy(false);
    if (done) {
      lock.saveLockPrefs(prefs);
      lock.markActive();
    } else onError(t.lock.changeFailed);
    setState((current) => current && { ...current, on: lock.lockIsOn(biometry) });
  }

  function change(next: LockPrefs) {
    lock.saveLockPrefs(next);
    setState((current) => current && { ...current, prefs: next });
  }

  return (
    <section className="section">
      <div className="list-item">
        <span className="list-item-text">
          <span className="list-item-title">{t.lock.setting}</span>
        </span>
        <Switch label={t.lock.setting} checked={on} onChange={(enable) => void toggle(enable)} disabled={busy} />
      </div>
      {on && (
        <>
          <div className="list-item list-item-stacked">
            <span className="list-item-subtitle">{t.lock.afterLabel}</span>
            <Segmented
              label={t.lock.afterLabel}
              options={lock.LOCK_MINUTES.map((n) => ({ value: String(n), label: fill(t.lock.minutes, { n }) }))}
              value={String(prefs.afterMinutes)}
              onChange={(value) => change({ ...prefs, afterMinutes: Number(value) })}
            />
          </div>
          <div className="list-item list-item-stacked">
            <span className="list-item-subtitle">{t.lock.aboveLabel}</span>
            <Segmented
              label={t.lock.aboveLabel}
              options={lock.LOCK_ABOVE_RUB.map((a) => ({
                value: String(a),
                label: formatMoney(BigInt(a) * MINOR_PER_UNIT, "RUB", language),
              }))}
              value={String(prefs.aboveRub)}
              onChange={(value) => change({ ...prefs, aboveRub: Number(value) })}
            />
          </div>
        </>
      )}
    </section>
  );
}
