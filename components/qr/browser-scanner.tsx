"use client";

import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { qrDecodeFailed } from "@/lib/client/qr";
import { useFormStrings } from "@/lib/client/form-strings";
import "@/components/ui/button.css";
import "./browser-scanner.css";

type CameraState = "starting" | "on" | "off";

type BrowserScannerProps = {
  /** Called with each decoded text; returns true when the content was accepted (stop scanning). */
  onContent: (content: string) => boolean;
  /** Called when an uploaded picture could not be decoded. */
  onError: (message: string) => void;
};

/**
 * Outside Telegram: the camera through @zxing/browser (loaded only here), with a picture upload
 * for devices without a camera or when the permission is refused.
 */
export function BrowserScanner({ onContent, onError }: BrowserScannerProps) {
  const t = useFormStrings();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>("starting");
  const handler = useRef(onContent);
  useEffect(() => {
    handler.current = onContent;
  });

  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | null = null;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia || !videoRef.current) throw new Error("no camera");
        const { BrowserQRCodeReader } = await import("@zxing/browser");
        const controls = await new BrowserQRCodeReader().decodeFromVideoDevice(
          undefined,
          videoRef.current,
          // Frames without a code report an error too; only a read text matters.
          (result, _error, ctl) => {
            if (result && handler.current(result.getText())) ctl.stop();
          },
        );
        stop = () => controls.stop();
        if (cancelled) stop();
        else setCamera("on");
      } catch {
        if (!cancelled) setCamera("off");
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  async function decodeFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const url = URL.createObjectURL(file);
    try {
      const { BrowserQRCodeReader } = await import("@zxing/browser");
      const result = await new BrowserQRCodeReader().decodeFromImageUrl(url);
      handler.current(result.getText());
    } catch {
      onError(qrDecodeFailed());
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  return (
    <div className="stack">
      {camera === "starting" && <Skeleton height={240} radius={14} />}
      <video
        ref={videoRef}
        className="qr-video"
        aria-label={t.qr.cameraLabel}
        muted
        playsInline
        hidden={camera !== "on"}
      />
      <p className="hint centered">{camera === "off" ? t.qr.cameraUnavailable : t.qr.pointCamera}</p>
      <label className="btn btn-secondary btn-full">
        {t.qr.uploadImage}
        <input type="file" accept="image/*" className="visually-hidden" onChange={decodeFile} />
      </label>
    </div>
  );
}
