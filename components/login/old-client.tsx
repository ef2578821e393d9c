"use client";

import { useStrings } from "@/lib/client/language";
import "./login.css";

/** Shown when a Telegram client cannot initialise the SDK: the client is too old (spec §1). */
export function OldClientScreen() {
  const t = useStrings();
  return (
    <main className="screen screen-centered">
      <div className="stack centered">
        <h1 className="welcome-title">{t.telegram.oldClientTitle}</h1>
        <p className="hint">{t.telegram.oldClient}</p>
      </div>
    </main>
  );
}
