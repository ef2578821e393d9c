"use client";

import { useSyncExternalStore } from "react";
import { subscribeToTheme } from "@/lib/client/theme";
import { tonButtonColors, tonTheme, type TonButtonColors, type TonThemeName } from "./config";

/** The widget theme for the app's theme right now (client only). */
export function currentAppTheme(): TonThemeName {
  const root = document.documentElement;
  const bg = getComputedStyle(root).getPropertyValue("--tg-theme-bg-color");
  return tonTheme(root.dataset.theme, bg);
}

/** Watches <html>: the app switches `data-theme` and Telegram's theme CSS variables live. */
const subscribe = subscribeToTheme;

/** The widget theme that matches the app's current light/dark theme. */
export function useAppTheme(): TonThemeName {
  return useSyncExternalStore(subscribe, currentAppTheme, () => "SYSTEM");
}

/** Telegram's button colours right now, for the widget's connect button (client only). */
export function currentButtonColors(): TonButtonColors {
  const style = getComputedStyle(document.documentElement);
  return tonButtonColors(style.getPropertyValue("--tg-theme-button-color"), style.getPropertyValue("--tg-theme-button-text-color"));
}

const colorsKey = () => {
  const { background, foreground } = currentButtonColors();
  return `${background} ${foreground}`;
};

/** Telegram's button colours, followed live (a snapshot string, so renders stay stable). */
export function useButtonColors(): TonButtonColors {
  const key = useSyncExternalStore(subscribe, colorsKey, () => "");
  const [background = "", foreground = ""] = key.split(" ");
  return tonButtonColors(background, foreground);
}
