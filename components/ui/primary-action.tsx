"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { useLoadedTelegram } from "@/lib/client/telegram/provider";
import "./primary-action.css";

type MainButton = TelegramEnv["sdk"]["mainButton"];
type Params = { text: string; enabled: boolean; loading: boolean };

/** Shows Telegram's MainButton with `params` (mounting it first). */
export function showMainButton(main: MainButton, params: Params): void {
  if (!main.isMounted() && main.mount.isAvailable()) main.mount();
  if (!main.setParams.isAvailable()) return;
  main.setParams({ text: params.text, isVisible: true, isEnabled: params.enabled && !params.loading, isLoaderVisible: params.loading });
}

type PrimaryActionProps = {
  label: string;
  /** What the action does; for `type="submit"` in a browser the form's submit handles it. */
  onPress: () => void;
  type?: "button" | "submit";
  disabled?: boolean;
  loading?: boolean;
};

/**
 * The primary action of a money screen: inside Telegram, Telegram's own MainButton (with its
 * progress indicator while the request runs, in the theme's button colours, following a theme
 * change); in a browser, a button that stays at the bottom of the screen, so it is never below
 * the fold.
 */
export function PrimaryAction({ label, onPress, type = "button", disabled = false, loading = false }: PrimaryActionProps) {
  const env = useLoadedTelegram();
  const main = env?.native ? env.sdk.mainButton : null;
  const handler = useRef(onPress);
  useEffect(() => {
    handler.current = onPress;
  });
  useEffect(() => {
    if (main) showMainButton(main, { text: label, enabled: !disabled, loading });
  }, [main, label, disabled, loading]);
  // The SDK paints the button in the theme's button colours each time it posts it; a theme
  // changed in Telegram while the button shows posts it again, so its colour follows.
  const themeParams = env?.native ? env.sdk.themeParams : null;
  useEffect(() => {
    if (!main || !themeParams) return;
    // Once the change has reached the SDK's derived colours (they update after this callback).
    return themeParams.state.sub(() =>
      void setTimeout(() => {
        if (main.isVisible() && main.setParams.isAvailable()) main.setParams({});
      }, 0),
    );
  }, [main, themeParams]);
  useEffect(() => {
    if (!main || !main.onClick.isAvailable()) return;
    const off = main.onClick(() => handler.current());
    return () => {
      off();
      if (main.setParams.isAvailable()) main.setParams({ isVisible: false, isLoaderVisible: false });
    };
  }, [main]);

  if (main) return null;
  return (
    <div className="sticky-action">
      <Button type={type} onClick={type === "submit" ? undefined : onPress} disabled={disabled} loading={loading}>
        {label}
      </Button>
    </div>
  );
}
