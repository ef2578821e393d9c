import {
  applyTheme,
  isDebugStartParam,
  isInsideTelegram,
  preferredTheme,
  type ThemeName,
} from "@/lib/client/detect";
import { MIN_CLIENT_VERSION, versionAtLeast } from "@/lib/client/telegram/features";
import { countOpening } from "@/lib/client/telegram/home-screen";
import {
  launchParamsForSdk,
  parseLaunchParams,
  rawInitData,
  rawLaunchParams,
} from "@/lib/client/telegram/launch-params";
import { keepLoadedTelegram, type TelegramEnv, type TelegramUser } from "@/lib/client/telegram/env";

// One promise per page load: React StrictMode runs effects twice and several components may
// ask for the SDK at the same time; the SDK itself must be initialised exactly once.
let loading: Promise<TelegramEnv> | null = null;

/**
 * Loads the Telegram SDK on demand (a separate chunk, kept out of the first load and out of the
 * server bundle), imitates Telegram in a plain browser, initialises the SDK once, binds theme and
 * viewport to CSS variables and sets `<html data-theme>`. Rejects when a real Telegram client
 * lacks what the app needs: readable launch parameters and Bot API MIN_CLIENT_VERSION.
 */
export function loadTelegram(): Promise<TelegramEnv> {
  loading ??= start().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function start(): Promise<TelegramEnv> {
  const native = isInsideTelegram();
  // Read (and kept for the tab) before anything asynchronous; the boot script kept them already.
  let raw = native ? rawLaunchParams() : null;
  // Loaded with the SDK, never before: the sign-in pages' first load carries neither.
  const [sdk, { keepSession }, { requestFullScreen, setUpScreen }] = await Promise.all([
    import("@telegram-apps/sdk-react"),
    import("@/lib/client/telegram/keep-session"),
    import("@/lib/client/telegram/screen"),
  ]);
  if (!native) {
    const { mockTelegram } = await import("@/lib/client/telegram/mock-env");
    raw = await mockTelegram(sdk, preferredTheme());
  }
  if (!raw) throw new Error("no launch parameters");
  const launchParams = parseLaunchParams(sdk, raw);
  if (!versionAtLeast(launchParams.tgWebAppVersion, MIN_CLIENT_VERSION)) {
    throw new Error(`Bot API ${launchParams.tgWebAppVersion} is older than ${MIN_CLIENT_VERSION}`);
  }
  if (native) countOpening();
  const debug = isDebugStartParam(launchParams.tgWebAppStartParam);
  sdk.setDebug(debug);
  // The SDK checks on every call that it runs inside Telegram by parsing the launch parameters
  // its strict way, which refuses init data without `signature`; where it would, it is given the
  // parameters without the init data (it has no use for them), through its public setter.
  if (native && !sdk.isTMA()) sdk.mockTelegramEnv({ launchParams: launchParamsForSdk(raw) });
  sdk.init({ launchParams: { ...launchParams, tgWebAppData: undefined } });

  if (sdk.backButton.mount.isAvailable()) sdk.backButton.mount();
  if (sdk.miniApp.mountSync.isAvailable()) sdk.miniApp.mountSync();
  if (sdk.themeParams.mountSync.isAvailable()) sdk.themeParams.mountSync();
  if (sdk.themeParams.bindCssVars.isAvailable()) sdk.themeParams.bindCssVars();
  if (sdk.miniApp.bindCssVars.isAvailable()) sdk.miniApp.bindCssVars();
  if (sdk.viewport.mount.isAvailable()) {
    // The viewport answers asynchronously; the page must not wait for it.
    void sdk.viewport
      .mount()
      .then(() => {
        if (sdk.viewport.bindCssVars.isAvailable()) sdk.viewport.bindCssVars();
        if (native && sdk.viewport.expand.isAvailable()) sdk.viewport.expand();
        // On a phone the app takes the whole screen; the content stays inside the safe and
        // content-safe areas through the CSS variables bound above (globals.css).
        requestFullScreen({ sdk, native, launchParams });
      })
      .catch(() => undefined);
  }

  setUpScreen({ sdk, native, launchParams });

  const theme: ThemeName = sdk.themeParams.isDark() ? "dark" : "light";
  applyTheme(theme);
  // Follow theme changes made in the Telegram client while the app is open.
  sdk.themeParams.isDark.sub((dark) => applyTheme(dark ? "dark" : "light"));
  if (sdk.miniApp.ready.isAvailable()) sdk.miniApp.ready();

  const initDataRaw = rawInitData(raw);
  const u = launchParams.tgWebAppData?.user;
  const user: TelegramUser | null = u
    ? {
        id: u.id,
        firstName: u.first_name,
        lastName: u.last_name ?? null,
        username: u.username ?? null,
        photoUrl: u.photo_url ?? null,
      }
    : null;
  const sessionResumed = keepSession({ sdk, native, launchParams }).catch(() => false);
  const env: TelegramEnv = { sdk, native, initDataRaw, launchParams, user, theme, debug, sessionResumed };
  keepLoadedTelegram(env);
  return env;
}

export { loadedTelegram } from "@/lib/client/telegram/env";
