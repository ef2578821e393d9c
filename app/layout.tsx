// First: the tokens and primitives precede every component's own styles, which may refine a primitive at the same weight (`.screen-with-tabs` after `.screen`).
import "./globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { AppLockGate } from "@/components/app-lock-gate";
import { DocumentLanguage } from "@/lib/client/language";
import { OldClientScreen } from "@/components/login/old-client";
import { TelegramProvider } from "@/lib/client/telegram/provider";
import { THEME_BOOT_SCRIPT } from "@/lib/client/detect";
import { LAUNCH_BOOT_SCRIPT } from "@/lib/client/telegram/launch-params";
import { API_BASE_META } from "@/lib/client/api-base";
import { apiBaseUrl } from "@/lib/server/platform/env";

export const metadata: Metadata = {
  title: "Minibank",
  description: "Мультивалютный кошелёк в Telegram",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  viewportFit: "cover",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: proxy.ts issues a fresh CSP nonce each time and Next.js can
  // only stamp it on its scripts while rendering. A prerendered page would have its scripts blocked.
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const apiBase = apiBaseUrl();
  return (
    // data-theme is set by the boot script before hydration, hence the suppressed warning.
    <html lang="ru" suppressHydrationWarning>
      <head>
        {/* Where the browser sends API requests (lib/client/api-base.ts), read at run time. */}
        {apiBase ? <meta name={API_BASE_META} content={apiBase} /> : null}
        {/* Keeps Telegram's launch parameters before anything else runs (a reload a moment later
            still has them), and picks light/dark before the first paint (no white flash). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LAUNCH_BOOT_SCRIPT + THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <TelegramProvider outdated={<OldClientScreen />}>
          <AppLockGate>{children}</AppLockGate>
          <DocumentLanguage />
        </TelegramProvider>
      </body>
    </html>
  );
}
