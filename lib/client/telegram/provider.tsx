"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { keepStartParam } from "@/lib/client/start-param";
import { isInsideTelegram } from "@/lib/client/detect";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { useRouter } from "next/navigation";

export type TelegramStatus = "idle" | "loading" | "ready" | "failed";

type TelegramContextValue = {
  status: TelegramStatus;
  env: TelegramEnv | null;
  /** Starts loading the SDK (idempotent). */
  request: () => void;
};

const TelegramContext = createContext<TelegramContextValue>({
  status: "idle",
  env: null,
  request: () => undefined,
});

/**
 * Owns the Telegram SDK for the whole app. Inside Telegram it loads the SDK at once (theme,
 * viewport, back button) and shows `outdated` (the "client too old" screen) if initialisation fails. In a
 * plain browser it loads the SDK (with the imitation) only when a screen asks for it through
 * `useTelegram()`, so sign-in pages stay light.
 */
export function TelegramProvider({ children, outdated }: { children: ReactNode; outdated: ReactNode }) {
  // A payment link the app was launched with (`startapp`) is kept before any screen decides
  // where to go: sign-in, or an existing session, then opens the prefilled transfer.
  useState(() => (typeof window === "undefined" ? null : keepStartParam(window.location, window.sessionStorage)));
  const [status, setStatus] = useState<TelegramStatus>("idle");
  const [env, setEnv] = useState<TelegramEnv | null>(null);
  const [oldClient, setOldClient] = useState(false);
  const started = useRef(false);

  const request = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setStatus("loading");
    // The SDK's set-up is a chunk of its own: a page opened outside Telegram never loads it
    // unless a screen asks (the debug pages, the Telegram sign-in).
    import("@/lib/client/telegram/init")
      .then((module) => module.loadTelegram())
      .then(
        (value) => {
          setEnv(value);
          setStatus("ready");
        },
        (error: unknown) => {
          console.error("Telegram SDK initialisation failed", error);
          setOldClient(isInsideTelegram());
          setStatus("failed");
        },
      );
  }, []);

  useEffect(() => {
    if (isInsideTelegram()) request();
  }, [request]);

  // Telegram's settings button (the ⋮ menu's "Settings") opens the settings tab.
  const router = useRouter();
  useEffect(() => {
    const button = env?.sdk.settingsButton;
    if (!button?.isMounted()) return;
    try {
      button.show();
      return button.onClick(() => router.push("/bank?tab=settings"));
    } catch {
      return undefined;
    }
  }, [env, router]);

  const value = useMemo(() => ({ status, env, request }), [status, env, request]);
  if (oldClient) return outdated;
  return <TelegramContext.Provider value={value}>{children}</TelegramContext.Provider>;
}

/**
 * The Telegram environment for a screen that needs it (launch data, init data, theme, debug
 * flag). Calling it starts loading the SDK; `status` tells when `env` is ready.
 */
export function useTelegram(): { status: TelegramStatus; env: TelegramEnv | null } {
  const { status, env, request } = useContext(TelegramContext);
  useEffect(() => request(), [request]);
  return { status, env };
}

/** The SDK's loading status and environment, without starting a load. */
export function useTelegramStatus(): { status: TelegramStatus; env: TelegramEnv | null } {
  const { status, env } = useContext(TelegramContext);
  return { status, env };
}

/** The SDK only if something already loaded it; never starts a load. */
export function useLoadedTelegram(): TelegramEnv | null {
  return useContext(TelegramContext).env;
}

/**
 * Mirrors an in-app Back action on Telegram's native back button: shown while `onBack` is set,
 * hidden otherwise. Used by `Screen`.
 */
export function useTelegramBackButton(onBack: (() => void) | undefined): void {
  const env = useLoadedTelegram();
  const handler = useRef(onBack);
  useEffect(() => {
    handler.current = onBack;
  });
  const visible = Boolean(onBack);
  useEffect(() => {
    const button = env?.sdk.backButton;
    if (!button || !button.isMounted()) return;
    if (!visible) {
      button.hide();
      return;
    }
    button.show();
    const off = button.onClick(() => handler.current?.());
    return () => {
      off();
      button.hide();
    };
  }, [env, visible]);
}

/**
 * Inside Telegram, asks before the Mini App closes until the returned function is called
 * (Telegram's closing confirmation). A plain browser keeps its usual behaviour: a leave-page
 * prompt would also stand in the way of every reload.
 */
export function confirmClosing(env: TelegramEnv | null): () => void {
  const closing = env?.native ? env.sdk.closingBehavior : null;
  if (closing) {
    try {
      if (!closing.isMounted() && closing.mount.isAvailable()) closing.mount();
      if (closing.enableConfirmation.isAvailable()) closing.enableConfirmation();
    } catch {
      // An old client without it: closing simply does not ask.
    }
    return () => {
      try {
        if (closing.disableConfirmation.isAvailable()) closing.disableConfirmation();
      } catch {
        // as above
      }
    };
  }
  return () => undefined;
}

/** While `unsent` (a money form holds input not yet sent), closing the Mini App asks first. */
export function useClosingConfirmation(unsent: boolean): void {
  const env = useLoadedTelegram();
  useEffect(() => (unsent ? confirmClosing(env) : undefined), [env, unsent]);
}
