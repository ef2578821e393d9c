"use client";

import { useEffect, useState, type ReactNode } from "react";
import { THEME, TonConnect, TonConnectUIProvider, useTonConnectUI, type UIWallet } from "@tonconnect/ui-react";
import {
  MANIFEST_PATH,
  TON_ACCENT,
  WALLETS_LIST_PATH,
  actionsConfiguration,
  telegramBotLink,
  testWalletEnabled,
  testWalletEntry,
} from "@/lib/client/ton/config";
import { currentLanguage } from "@/lib/client/language";
import type { TonButtonColors } from "@/lib/client/ton/config";
import { currentAppTheme, currentButtonColors, useAppTheme, useButtonColors } from "@/lib/client/ton/use-app-theme";

type ThemeSetting = THEME | "SYSTEM";

const toThemeSetting = (name: "LIGHT" | "DARK" | "SYSTEM"): ThemeSetting =>
  name === "SYSTEM" ? "SYSTEM" : THEME[name];

/**
 * The brand accent inside the widget's modals; the connect button in Telegram's own button colours,
 * so it looks like the app's other buttons in either theme.
 */
const colorsSet = (button: TonButtonColors) => ({
  [THEME.LIGHT]: { accent: TON_ACCENT, connectButton: button },
  [THEME.DARK]: { accent: TON_ACCENT, connectButton: button },
});

let connector: TonConnect | null = null;

/**
 * One connector for the whole page life (the widget itself is a singleton too). Built here rather
 * than by the widget because only the connector accepts `walletsListSource`: the app serves the
 * list itself, so offline the widget gets the library's bundled list from the app instead of a
 * failed fetch (which the SDK reports with console.error). Analytics are off: no user data leaves
 * for third-party telemetry, and offline its failed uploads would be logged as errors too.
 */
function getConnector(): TonConnect {
  connector ??= new TonConnect({
    manifestUrl: new URL(MANIFEST_PATH, window.location.origin).href,
    walletsListSource: new URL(WALLETS_LIST_PATH, window.location.origin).href,
    analytics: { mode: "off" },
  });
  return connector;
}

function includedWallets(): UIWallet[] {
  return testWalletEnabled() ? [testWalletEntry(window.location.origin)] : [];
}

/**
 * Keeps the widget in step with the app. The widget reads its props once, at creation, so theme
 * and language changes are pushed as options; actionsConfiguration goes with every update because
 * the library replaces it with whatever the latest options carry (even none).
 */
function OptionsSync() {
  const [ui, setOptions] = useTonConnectUI();
  const theme = useAppTheme();
  const { background, foreground } = useButtonColors();
  useEffect(() => {
    if (!ui) return;
    setOptions({
      language: currentLanguage(),
      uiPreferences: { theme: toThemeSetting(theme), colorsSet: colorsSet({ background, foreground }) },
      actionsConfiguration: actionsConfiguration(telegramBotLink()),
    });
  }, [ui, setOptions, theme, background, foreground]);
  return null;
}

/**
 * TON Connect for its subtree. Import this module only through next/dynamic: it carries the whole
 * widget (~160 KB gzip).
 */
export function TonConnectProvider({ children }: { children: ReactNode }) {
  // Computed once on the client: this module never renders on the server (ssr: false).
  const [settings] = useState(() => ({
    connector: getConnector(),
    language: currentLanguage(),
    theme: toThemeSetting(currentAppTheme()),
    colorsSet: colorsSet(currentButtonColors()),
    walletsListConfiguration: { includeWallets: includedWallets() },
    actionsConfiguration: actionsConfiguration(telegramBotLink()),
  }));
  return (
    <TonConnectUIProvider
      connector={settings.connector}
      restoreConnection
      language={settings.language}
      uiPreferences={{ theme: settings.theme, colorsSet: settings.colorsSet }}
      walletsListConfiguration={settings.walletsListConfiguration}
      actionsConfiguration={settings.actionsConfiguration}
    >
      <OptionsSync />
      {children}
    </TonConnectUIProvider>
  );
}
