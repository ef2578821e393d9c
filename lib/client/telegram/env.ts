import type { ThemeName } from "@/lib/client/detect";
import type { TelegramLaunchParams } from "@/lib/client/telegram/launch-params";

/** What the client knows of Telegram once the SDK is up (init.ts loads it). */
export type TelegramSdk = typeof import("@telegram-apps/sdk-react");
export type { TelegramLaunchParams };

/** The Telegram user from the launch data, as the sign-in screen shows it. */
export type TelegramUser = {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
};

/** What the rest of the client learns from the SDK once it is up. */
export type TelegramEnv = {
  sdk: TelegramSdk;
  /** True inside a real Telegram client; false for the plain-browser imitation. */
  native: boolean;
  /** Raw init data to send to the server, or null when there is none. */
  initDataRaw: string | null;
  /** Launch parameters, read leniently (snake_case keys inside `tgWebAppData`). */
  launchParams: TelegramLaunchParams;
  user: TelegramUser | null;
  theme: ThemeName;
  /** The start parameter contains the debug marker. */
  debug: boolean;
  /** Inside Telegram: true once a refresh token kept by an earlier visit signed in again. */
  sessionResumed: Promise<boolean>;
};

let loaded: TelegramEnv | null = null;

/**
 * The SDK if it has already loaded, without starting a load (haptics, the keyboard, the back
 * button): code on every page reads it here without bringing in the SDK's set-up (init.ts).
 */
export function loadedTelegram(): TelegramEnv | null {
  return loaded;
}

/** Kept by init.ts once the SDK is up. */
export function keepLoadedTelegram(env: TelegramEnv): void {
  loaded = env;
}
