import type { TelegramEnv } from "@/lib/client/telegram/env";

type MethodName = Parameters<TelegramEnv["sdk"]["supports"]>[0];

/** A platform feature Minibank uses, the Mini Apps method that tells whether a client has it. */
export type Feature = {
  id: FeatureId;
  /**
   * The Bot API version that brought it. For a method in the SDK's table (`method`) the table
   * decides and this is for people (README, debug page); for a method newer than the SDK
   * (`newerMethod`) this version decides.
   */
  since: string;
  /** Only on these platforms (launch parameter `tgWebAppPlatform`); every platform when absent. */
  platforms?: readonly string[];
} & (
  | { /** The method whose presence in the client's Bot API version gates the feature (the SDK's table). */ method: MethodName }
  | { /** A Mini Apps method the SDK (v3) does not know yet. */ newerMethod: string }
);

export type FeatureId =
  | "headerColor"
  | "settingsButton"
  | "writeAccess"
  | "biometry"
  | "verticalSwipes"
  | "bottomBarColor"
  | "safeArea"
  | "fullscreen"
  | "shareMessage"
  | "secureStorage"
  | "deviceStorage"
  | "homeScreen"
  | "hideKeyboard"
  | "requestChat";

/** The features Minibank uses beyond the basics (theme, back and main buttons, haptics, QR scanner). */
export const FEATURES: readonly Feature[] = [
  { id: "headerColor", method: "web_app_set_header_color", since: "6.1" },
  { id: "writeAccess", method: "web_app_request_write_access", since: "6.9" },
  { id: "settingsButton", method: "web_app_setup_settings_button", since: "6.10" },
  { id: "biometry", method: "web_app_biometry_get_info", since: "7.2" },
  { id: "verticalSwipes", method: "web_app_setup_swipe_behavior", since: "7.7" },
  { id: "bottomBarColor", method: "web_app_set_bottom_bar_color", since: "7.10" },
  { id: "safeArea", method: "web_app_request_safe_area", since: "8.0" },
  // On a desktop or in a browser tab a full screen hides the rest of Telegram for nothing.
  { id: "fullscreen", method: "web_app_request_fullscreen", since: "8.0", platforms: ["ios", "android", "android_x"] },
  { id: "shareMessage", method: "web_app_send_prepared_message", since: "8.0" },
  { id: "homeScreen", method: "web_app_check_home_screen", since: "8.0" },
  { id: "secureStorage", method: "web_app_secure_storage_save_key", since: "9.0" },
  { id: "deviceStorage", method: "web_app_device_storage_save_key", since: "9.0" },
  { id: "hideKeyboard", method: "web_app_hide_keyboard", since: "9.1" },
  { id: "requestChat", newerMethod: "web_app_request_chat", since: "9.6" },
];

/**
 * The oldest client the app starts in (DESIGN §4: Telegram's back button mirrors in-app Back and
 * a wrong code vibrates — Bot API 6.1). Older clients get the "client too old" screen; everything
 * newer than this is optional and gated feature by feature.
 */
export const MIN_CLIENT_VERSION = "6.1";

/** Whether Bot API version `version` is at least `since` ("9.10" is after "9.9"). */
export function versionAtLeast(version: string, since: string): boolean {
  const a = version.split(".").map(Number);
  const b = since.split(".").map(Number);
  if (!/^\d+(\.\d+)*$/.test(version)) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i] ?? 0, b[i] ?? 0];
    if (x !== y) return x > y;
  }
  return true;
}

type ClientInfo = Pick<TelegramEnv, "sdk"> & {
  launchParams: Pick<TelegramEnv["launchParams"], "tgWebAppVersion" | "tgWebAppPlatform">;
};

/** Whether this client (its Bot API version and platform) has the feature. */
export function hasFeature(env: ClientInfo, id: FeatureId): boolean {
  const feature = FEATURES.find((f) => f.id === id);
  if (!feature) return false;
  const { tgWebAppVersion: version, tgWebAppPlatform: platform } = env.launchParams;
  if (feature.platforms && !feature.platforms.includes(platform)) return false;
  try {
    return "method" in feature ? env.sdk.supports(feature.method, version) : versionAtLeast(version, feature.since);
  } catch {
    return false;
  }
}

/** Every feature with whether this client has it (the debug page lists them). */
export function clientFeatures(env: ClientInfo): { feature: Feature; supported: boolean }[] {
  return FEATURES.map((feature) => ({ feature, supported: hasFeature(env, feature.id) }));
}
