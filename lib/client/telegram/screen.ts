import { hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { restoreVerticalSwipes } from "@/lib/client/telegram/swipes";

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
 * background (the theme's secondary background) and follow theme changes; the settings button is
 * mounted for later use. Vertical swipes keep Telegram's default (forms turn them off while open,
 * `holdVerticalSwipes`). (The full screen waits for the viewport: `requestFullScreen`.)
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
  quietly(() => restoreVerticalSwipes(env));
  quietly(() => {
    if (hasFeature(env, "settingsButton") && sdk.settingsButton.mount.isAvailable()) sdk.settingsButton.mount();
  });
}

/** On a phone with Bot API 8.0, once the viewport is mounted: the full screen. */
export function requestFullScreen(env: ScreenEnv): void {
  if (!env.native || !hasFeature(env, "fullscreen")) return;
  quietly(() => {
    if (env.sdk.viewport.requestFullscreen.isAvailable()) void env.sdk.viewport.requestFullscreen().catch(() => undefined);
  });
}
