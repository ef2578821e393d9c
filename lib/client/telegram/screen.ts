import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/init";

type ScreenEnv = Pick<TelegramEnv, "sdk" | "native"> & {
  launchParams: Pick<TelegramEnv["launchParams"], "tgWebAppVersion" | "tgWebAppPlatform">;
};

/** A feature a client lacks or refuses is left out quietly: the app works without any of them. */
function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // An old or unusual client: nothing to do.
  }
}

/**
 * Telegram's frame around the app: its header, background and bottom bar take the app's own
 * background (the theme's secondary background) and follow theme changes; the swipe behaviour and
 * the settings button are mounted for later use; on a phone (Bot API 8.0) the app asks for the
 * full screen, its content kept inside the safe and content-safe areas by the CSS variables the
 * viewport binds (globals.css).
 */
export function setUpScreen(env: ScreenEnv): void {
  const { sdk } = env;
  const paint = () =>
    quietly(() => {
      const color = sdk.themeParams.secondaryBackgroundColor() ?? sdk.themeParams.backgroundColor();
      if (!color) return;
      if (hasFeature(env, "headerColor") && sdk.miniApp.setHeaderColor.isAvailable()) sdk.miniApp.setHeaderColor(color);
      if (sdk.miniApp.setBackgroundColor.isAvailable()) sdk.miniApp.setBackgroundColor(color);
      if (hasFeature(env, "bottomBarColor") && sdk.miniApp.setBottomBarColor.isAvailable()) sdk.miniApp.setBottomBarColor(color);
    });
  paint();
  quietly(() => void sdk.themeParams.state.sub(paint));
  quietly(() => {
    if (hasFeature(env, "verticalSwipes") && sdk.swipeBehavior.mount.isAvailable()) sdk.swipeBehavior.mount();
  });
  quietly(() => {
    if (hasFeature(env, "settingsButton") && sdk.settingsButton.mount.isAvailable()) sdk.settingsButton.mount();
  });
  if (env.native && hasFeature(env, "fullscreen")) {
    quietly(() => {
      if (sdk.viewport.requestFullscreen.isAvailable()) void sdk.viewport.requestFullscreen().catch(() => undefined);
    });
  }
}

/** How many open forms, sheets and scanners want vertical swipes off (they may overlap). */
let swipeHolders = 0;

/**
 * Turns Telegram's swipe-down-to-collapse off while a form, the confirmation sheet or the scanner
 * is open (Bot API 7.7), so a vertical swipe there scrolls instead of closing the app; the
 * returned function gives it back once the last holder is gone. A no-op where unsupported.
 */
export function holdVerticalSwipes(env: Pick<TelegramEnv, "sdk"> | null): () => void {
  const swipe = env?.sdk.swipeBehavior;
  if (!swipe || !swipe.isMounted()) return () => undefined;
  swipeHolders += 1;
  quietly(() => {
    if (swipe.disableVertical.isAvailable()) swipe.disableVertical();
  });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    swipeHolders -= 1;
    if (swipeHolders === 0) {
      quietly(() => {
        if (swipe.enableVertical.isAvailable()) swipe.enableVertical();
      });
    }
  };
}
