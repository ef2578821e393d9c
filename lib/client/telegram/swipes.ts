import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";

type SwipeEnv = Pick<TelegramEnv, "sdk"> & {
  launchParams: Pick<TelegramEnv["launchParams"], "tgWebAppVersion" | "tgWebAppPlatform">;
};

/** How many open forms, sheets and scanners want vertical swipes off (they may overlap). */
let swipeHolders = 0;
/** Set while this tab has told Telegram "off": a full page load must not leave it so. */
const OFF_KEY = "mb-swipes-off";

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Tells Telegram whether a vertical swipe may collapse the app (Bot API 7.7). Posted directly:
 * the SDK's `swipeBehavior.mount()` would post "off" on every page load, taking Telegram's
 * default (on) away everywhere.
 */
function allowSwipes(env: SwipeEnv, allow: boolean): void {
  try {
    env.sdk.postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: allow });
    if (allow) session()?.removeItem(OFF_KEY);
    else session()?.setItem(OFF_KEY, "1");
  } catch {
    // An old client: swipes stay as they are.
  }
}

/**
 * At start-up: Telegram's default stands and nothing is posted — unless the previous page of this
 * tab turned swipes off and a full page load left before giving them back.
 */
export function restoreVerticalSwipes(env: SwipeEnv): void {
  if (session()?.getItem(OFF_KEY) && hasFeature(env, "verticalSwipes")) allowSwipes(env, true);
}

/**
 * Turns Telegram's swipe-down-to-collapse off while a form, the confirmation sheet or the scanner
 * is open, so a vertical swipe there scrolls instead of closing the app; the returned function
 * gives it back once the last holder is gone. A no-op outside Telegram and before Bot API 7.7.
 */
export function holdVerticalSwipes(env: SwipeEnv | null): () => void {
  if (!env || !hasFeature(env, "verticalSwipes")) return () => undefined;
  swipeHolders += 1;
  if (swipeHolders === 1) allowSwipes(env, false);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    swipeHolders -= 1;
    if (swipeHolders === 0) allowSwipes(env, true);
  };
}
