import { ru } from "@/lib/shared/strings";

/**
 * TON Connect settings that do not need the widget's code: pure values and functions, so the
 * screens that never show the widget can import them without pulling the library in.
 */

/** Brand accent of TON Connect (spec §3), used in both themes. */
export const TON_ACCENT = "#0098EA";

/** The connect button's colours: Telegram's button colours, the brand accent where they are unset. */
export type TonButtonColors = { background: string; foreground: string };

/** `--tg-theme-button-color` / `--tg-theme-button-text-color` as read from <html> (blank when unset). */
export function tonButtonColors(buttonColor: string, buttonTextColor: string): TonButtonColors {
  return { background: buttonColor.trim() || TON_ACCENT, foreground: buttonTextColor.trim() || "#FFFFFF" };
}

/** The widget's own label languages. */
export type TonLanguage = "en" | "ru";

/** Light or dark, as the app's `data-theme` says; SYSTEM when the app has not decided yet. */
export type TonThemeName = "LIGHT" | "DARK" | "SYSTEM";

/** Action behaviour: spec §9 defaults, written out so a later options update cannot drop them. */
export type TonActionsConfiguration = {
  notifications: ("before" | "success" | "error")[];
  modals: ("before" | "success" | "error")[];
  returnStrategy: "back";
  twaReturnUrl?: `${string}://${string}`;
};

/** Path of the manifest the app serves itself (app/tonconnect-manifest.json/route.ts). */
export const MANIFEST_PATH = "/tonconnect-manifest.json";

/** Path of the wallets list the app serves (upstream list, or the library's bundled one offline). */
export const WALLETS_LIST_PATH = "/ton-connect/wallets-v2.json";

/** Icon shipped by the app: the manifest's iconUrl and the test wallet's picture. */
export const ICON_PATH = "/tonconnect-icon.png";

/** `#rrggbb` → relative luminance in 0..1, or null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * The widget theme from the app's theme: `data-theme` on <html> when set, else the brightness of
 * Telegram's `--tg-theme-bg-color`, else SYSTEM (the library then follows prefers-color-scheme).
 */
export function tonTheme(dataTheme: string | null | undefined, tgBgColor?: string | null): TonThemeName {
  if (dataTheme === "dark") return "DARK";
  if (dataTheme === "light") return "LIGHT";
  const lum = tgBgColor ? luminance(tgBgColor) : null;
  if (lum === null) return "SYSTEM";
  return lum < 0.5 ? "DARK" : "LIGHT";
}

/** Only http(s) links are a valid return address for TWA-to-TWA connections. */
function returnUrl(link: string | undefined): `${string}://${string}` | undefined {
  if (!link || !/^https?:\/\/\S+$/.test(link)) return undefined;
  return link as `${string}://${string}`;
}

/** Spec §9 defaults plus the bot link to come back to after confirming in a Telegram wallet. */
export function actionsConfiguration(botLink: string | undefined): TonActionsConfiguration {
  const twaReturnUrl = returnUrl(botLink);
  return {
    notifications: ["before", "success", "error"],
    modals: ["before"],
    returnStrategy: "back",
    ...(twaReturnUrl ? { twaReturnUrl } : {}),
  };
}

/** js-bridge key and app name of the injected wallet the e2e tests provide. */
export const TEST_WALLET_KEY = "minibanktestwallet";

/**
 * The test wallet entry for `walletsListConfiguration.includeWallets`. Present only in builds made
 * with NEXT_PUBLIC_TON_TEST_WALLET=1 (the e2e server); real builds list real wallets only.
 */
export function testWalletEntry(origin: string) {
  return {
    appName: TEST_WALLET_KEY,
    name: "Test Wallet",
    imageUrl: `${origin}${ICON_PATH}`,
    aboutUrl: `${origin}/ton-connect`,
    jsBridgeKey: TEST_WALLET_KEY,
    platforms: ["chrome" as const],
    features: [{ name: "SendTransaction" as const, maxMessages: 4 }],
  };
}

/** Inlined by Next at build time, so the test wallet code path is absent from real builds' logic. */
export function testWalletEnabled(): boolean {
  return process.env.NEXT_PUBLIC_TON_TEST_WALLET === "1";
}

/** Where wallets return to inside Telegram: the bot's Mini App link, from the build's configuration. */
export function telegramBotLink(): string | undefined {
  return process.env.NEXT_PUBLIC_TELEGRAM_BOT_LINK || undefined;
}

/**
 * The widget's 'Connect wallet' label in its own translations (`button.connectWallet` in
 * @tonconnect/ui), for the stand-in button shown before the widget's code is loaded.
 */
export function connectWalletLabel(language: TonLanguage): string {
  return language === "ru" ? ru.bank.tonConnectWallet : "Connect Wallet";
}

/**
 * Where @tonconnect/sdk keeps the connection in localStorage (BridgeConnectionStorage), for
 * every kind of wallet: injected, wallet-connect and HTTP bridge, pending ones included.
 */
export const STORED_CONNECTION_KEY = "ton-connect-storage_bridge-connection";

/** Whether this browser holds a TON Connect connection the widget would restore (client only). */
export function hasStoredConnection(): boolean {
  try {
    return window.localStorage.getItem(STORED_CONNECTION_KEY) !== null;
  } catch {
    return false; // storage blocked: the widget could not restore anything either
  }
}
