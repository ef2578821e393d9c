"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { BrowserScanner } from "@/components/qr/browser-scanner";
import { NativeScanner, hasNativeScanner } from "@/components/qr/native-scanner";
import { Skeleton } from "@/components/ui/skeleton";
import { parseQrContent, transferPathFor } from "@/lib/client/qr";
import { isInsideTelegram } from "@/lib/client/detect";
import { useTelegram } from "@/lib/client/telegram/provider";
import { holdVerticalSwipes } from "@/lib/client/telegram/swipes";
import "@/components/ui/text-field.css";

type ScannerProps = {
  onContent: (content: string) => boolean;
  onError: (message: string) => void;
};

const placeholder = <Skeleton height={240} radius={14} />;
const noop = () => () => undefined;

/** Inside Telegram: the native scanner when the client has one, else the browser scanner. */
function TelegramScanner(props: ScannerProps) {
  const { status, env } = useTelegram();
  // A swipe down inside the camera view must not collapse the app.
  useEffect(() => holdVerticalSwipes(env), [env]);
  if (status === "idle" || status === "loading") return placeholder;
  if (hasNativeScanner(env)) return <NativeScanner env={env} {...props} />;
  return <BrowserScanner {...props} />;
}

/**
 * /qr: reads a payment QR code with Telegram's scanner when there is one, otherwise the camera
 * or an uploaded picture; a valid code opens the prefilled transfer form. A plain browser never
 * loads the Telegram SDK here.
 */
export function QrScanner() {
  const router = useRouter();
  const inside = useSyncExternalStore<boolean | null>(noop, isInsideTelegram, () => null);
  const [error, setError] = useState<string | null>(null);

  const accept = useCallback(
    (content: string) => {
      const parsed = parseQrContent(content);
      if (!parsed.ok) {
        setError(parsed.error);
        return false;
      }
      setError(null);
      router.push(transferPathFor(parsed.link));
      return true;
    },
    [router],
  );

  let body;
  if (inside === null) body = placeholder;
  else if (inside) body = <TelegramScanner onContent={accept} onError={setError} />;
  else body = <BrowserScanner onContent={accept} onError={setError} />;

  return (
    <div className="stack">
      {body}
      {error && (
        <p role="alert" className="field-error centered">
          {error}
        </p>
      )}
    </div>
  );
}
