"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { HomeScreenStatus } from "@/lib/client/telegram/home-screen";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import { useStrings } from "@/lib/client/language";
import "./settings.css";
import "./home-screen.css";

type HomeScreen = typeof import("@/lib/client/telegram/home-screen");

type HomeState = { module: HomeScreen; status: HomeScreenStatus; offer: boolean };

/**
 * The home-screen module and what Telegram says, once the SDK is up (inside Telegram only).
 * `offering`: the offer's own use — whether it is due now, and if so it counts as shown.
 */
function useHomeScreen(offering = false): HomeState | null {
  const env = useLoadedTelegram();
  const [state, setState] = useState<HomeState | null>(null);
  useEffect(() => {
    if (!env?.native) return;
    let live = true;
    void import("@/lib/client/telegram/home-screen").then(async (module) => {
      const status = await module.homeScreenStatus(env);
      if (!live) return;
      const offer = offering && module.offerDue(status);
      if (offer) module.markOffered();
      setState({ module, status, offer });
    });
    return () => {
      live = false;
    };
  }, [env, offering]);
  return state;
}

/**
 * On the wallet, once, from the customer's third opening: "Добавить на главный экран" (Bot API
 * 8.0), unless the app is there already or the client cannot. Shown once whatever happens: added,
 * declined or ignored, it does not come back (the settings keep the row).
 */
export function HomeScreenOffer() {
  const t = useStrings();
  const env = useLoadedTelegram();
  const home = useHomeScreen(true);
  const [closed, setClosed] = useState(false);

  if (!home?.offer || closed || !env) return null;
  return (
    <section className="section home-screen-offer" aria-labelledby="home-screen-offer">
      <div className="list-item list-item-stacked">
        <span className="list-item-text">
          <span id="home-screen-offer" className="list-item-title">
            {t.telegram.homeScreen.offer}
          </span>
          <span className="list-item-subtitle">{t.telegram.homeScreen.offerHint}</span>
        </span>
        <div className="home-screen-actions">
          <Button
            onClick={() => {
              setClosed(true);
              void home.module.addToHomeScreen(env);
            }}
          >
            {t.telegram.homeScreen.add}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setClosed(true);
              home.module.declineOffer();
            }}
          >
            {t.telegram.homeScreen.later}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The settings row: "Добавить на главный экран" while the app is not there; a plain line once it is. */
export function HomeScreenSetting() {
  const t = useStrings();
  const env = useLoadedTelegram();
  const home = useHomeScreen();
  const [added, setAdded] = useState(false);

  if (!home || !env || home.status === "unsupported") return null;
  if (added || home.status === "added") {
    return (
      <section className="section">
        <div className="list-item">
          <span className="list-item-text">
            <span className="list-item-title">{t.telegram.homeScreen.added}</span>
          </span>
        </div>
      </section>
    );
  }
  return (
    <section className="section">
      <button
        type="button"
        className="list-item list-item-action"
        onClick={() => void home.module.addToHomeScreen(env).then((answer) => setAdded(answer === "added"))}
      >
        <span className="list-item-text">
          <span className="list-item-title link-text">{t.telegram.homeScreen.offer}</span>
        </span>
      </button>
    </section>
  );
}
