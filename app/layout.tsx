import type { Metadata, Viewport } from "next";
import { TelegramProvider } from "@/lib/client/telegram/provider";
import { THEME_BOOT_SCRIPT } from "@/lib/client/telegram/detect";
import "./globals.css";

export const metadata: Metadata = {
  title: "Minibank",
  description: "Мультивалютный кошелёк в Telegram",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  maximumScale: 1,
  userScalable: false,
  viewportFit: "cover",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // data-theme is set by the boot script before hydration, hence the suppressed warning.
    <html lang="ru" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <TelegramProvider>{children}</TelegramProvider>
      </body>
    </html>
  );
}
