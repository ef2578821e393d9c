// The real Telegram SDK in its mock environment, for component and client tests: launched as a
// Telegram client of a given version, hearing every method the app calls.
import * as sdk from "@telegram-apps/sdk-react";

/** Emits an event as the Telegram client would (events the SDK's types do not know included). */
export const emitEvent = sdk.emitEvent as unknown as (name: string, payload?: unknown) => void;

/**
 * Launches the SDK as Telegram `version` on iOS; `onEvent` hears each method the app calls with its
 * parameters. Returns the environment the app's Telegram helpers take.
 */
export function mockTelegramClient(version: string, onEvent: (name: string, params: Record<string, unknown>) => void) {
  const launchParams = new URLSearchParams([
    ["tgWebAppThemeParams", "{}"],
    ["tgWebAppVersion", version],
    ["tgWebAppPlatform", "ios"],
  ]);
  // Where Telegram puts them: `init()` reads the launch parameters from the address.
  window.history.replaceState(null, "", `#${launchParams.toString()}`);
  sdk.mockTelegramEnv({
    resetPostMessage: true,
    launchParams,
    onEvent(event) {
      const [name, params] = event as unknown as [string, Record<string, unknown> | undefined];
      onEvent(name, params ?? {});
    },
  });
  sdk.init();
  return { sdk, native: true, launchParams: { tgWebAppVersion: version, tgWebAppPlatform: "ios" } };
}
