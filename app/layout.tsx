import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
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

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: proxy.ts issues a fresh CSP nonce each time and Next.js can
  // only stamp it on its scripts while rendering. A prerendered page would have its scripts blocked.
  await connection();
  return (
    <html lang="ru">
      <body>{children}</body>
    </html>
  );
}
