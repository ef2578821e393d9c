"use client";

import { useCallback, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { useFormStrings } from "@/lib/client/form-strings";

type NativeScannerProps = {
  env: TelegramEnv;
  onContent: (content: string) => boolean;
  onError: (message: string) => void;
};

/** True when this Telegram client has its own QR scanner (Mini Apps 6.4+). */
export function hasNativeScanner(env: TelegramEnv | null): env is TelegramEnv {
  return Boolean(env?.native && env.sdk.qrScanner.isSupported() && env.sdk.qrScanner.open.isAvailable());
}

/**
 * Inside Telegram: the client's own scanner, opened at once and again on demand. The first code
 * read closes it; closing it by hand (no code) leaves the page with its "scan" button.
 */
export function NativeScanner({ env, onContent, onError }: NativeScannerProps) {
  const t = useFormStrings();
  const opened = useRef(false);
  const scan = useCallback(async () => {
    const scanner = env.sdk.qrScanner;
    if (scanner.isOpened()) return;
    try {
      // The first code closes the scanner, so an error message is seen, not hidden behind it.
      const content = await scanner.open({ text: t.qr.pointCamera });
      if (content !== undefined) onContent(content);
    } catch {
      onError(t.qr.processFailed);
    }
  }, [env, onContent, onError, t]);

  useEffect(() => {
    // Once per page: React StrictMode runs effects twice in development.
    if (opened.current) return;
    opened.current = true;
    void scan();
  }, [scan]);

  return <Button onClick={() => void scan()}>{t.qr.scan}</Button>;
}
