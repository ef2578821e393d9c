"use client";

import { useSyncExternalStore } from "react";
import { tonTheme, type TonThemeName } from "./config";

/** The widget theme for the app's theme right now (client only). */
export function currentAppTheme(): TonThemeName {
  const root = document.documentElement;
  const bg = getComputedStyle(root).getPropertyValue("--tg-theme-bg-color");
  return tonTheme(root.dataset.theme, bg);
}

/** Watches <html>: the app switches `data-theme` and Telegram's theme CSS variables live. */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme", "style"] });
  return () => observer.disconnect();
}

/** The widget theme that matches the app's current light/dark theme. */
export function useAppTheme(): TonThemeName {
  return useSyncExternalStore(subscribe, currentAppTheme, () => "SYSTEM");
}
