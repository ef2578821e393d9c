"use client";

import { useSyncExternalStore } from "react";

/**
 * The app's theme as it changes while the app is open: `<html data-theme>` (lib/client/telegram/
 * detect.ts) and the Telegram theme's CSS variables that the SDK binds on `<html>` (init.ts).
 * What CSS paints follows by itself; what is drawn with colours read once (a canvas, a widget
 * created with its colours) watches this and draws again.
 */
export function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "style"] });
  return () => observer.disconnect();
}

/**
 * The theme right now as one string: `data-theme` and every `--tg-theme-*` variable on `<html>`.
 * The viewport's variables, which share the style attribute, are left out: a keyboard opening is
 * not a theme change.
 */
export function themeSnapshot(): string {
  const root = document.documentElement;
  const vars: string[] = [];
  for (let i = 0; i < root.style.length; i += 1) {
    const name = root.style.item(i);
    if (name.startsWith("--tg-theme-")) vars.push(`${name}:${root.style.getPropertyValue(name)}`);
  }
  return `${root.dataset.theme ?? ""};${vars.join(";")}`;
}

/** The theme's snapshot, followed live: a dependency for whatever draws with the theme's colours. */
export function useThemeSnapshot(): string {
  return useSyncExternalStore(subscribeToTheme, themeSnapshot, () => "");
}
