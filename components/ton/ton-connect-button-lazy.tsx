"use client";

import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { connectWalletLabel, hasStoredConnection, type TonLanguage } from "@/lib/client/ton/config";
import { currentLanguage } from "@/lib/client/language";
import styles from "./ton.module.css";

type WalletButton = ComponentType<{ openModal?: boolean }>;

let loading: Promise<WalletButton> | null = null;

/**
 * The widget's code (~125 KB gzip) with the user's language settled, so the button never flips
 * from English to Russian. One download per page life; a failed one may be retried.
 */
function loadWidget(): Promise<WalletButton> {
  loading ??= import("./ton-connect-button").then((m) => m.TonConnectWalletButton);
  loading.catch(() => (loading = null));
  return loading;
}

/** Keeps the button's place while nothing better is known (no layout shift when it arrives). */
function ButtonPlaceholder() {
  return <span className={styles.placeholder} aria-hidden="true" data-testid="ton-connect-placeholder" />;
}

/**
 * Keeps the stand-in's place while the user's language is still unknown: the stand-in's shape
 * with the Russian label, unseen, so for the app's Russian users the button appears without
 * moving anything (its width depends on the label and on the device's fonts).
 */
function StandinPlaceholder() {
  return (
    <span className={`${styles.standin} ${styles.standinPlaceholder}`} aria-hidden="true" data-testid="ton-connect-placeholder">
      <TonIcon />
      {connectWalletLabel("ru")}
    </span>
  );
}

/** The widget's TON diamond icon (its TonIcon), drawn in the button's foreground colour. */
function TonIcon() {
  return (
    <svg width={24} height={24} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
        d="M14.1839 17.7069C13.6405 18.6507 13.3688 19.1226 13.0591 19.348C12.4278 19.8074 11.5723 19.8074 10.941 19.348C10.6312 19.1226 10.3595 18.6507 9.81613 17.7069L5.52066 10.2464C4.76864 8.94024 4.39263 8.28717 4.33762 7.75894C4.2255 6.68236 4.81894 5.65591 5.80788 5.21589C6.29309 5 7.04667 5 8.55383 5H15.4462C16.9534 5 17.7069 5 18.1922 5.21589C19.1811 5.65591 19.7745 6.68236 19.6624 7.75894C19.6074 8.28717 19.2314 8.94024 18.4794 10.2464L14.1839 17.7069ZM11.1 16.3412L6.56139 8.48002C6.31995 8.06185 6.19924 7.85276 6.18146 7.68365C6.14523 7.33896 6.33507 7.01015 6.65169 6.86919C6.80703 6.80002 7.04847 6.80002 7.53133 6.80002H7.53134L11.1 6.80002V16.3412ZM12.9 16.3412L17.4387 8.48002C17.6801 8.06185 17.8008 7.85276 17.8186 7.68365C17.8548 7.33896 17.665 7.01015 17.3484 6.86919C17.193 6.80002 16.9516 6.80002 16.4687 6.80002L12.9 6.80002V16.3412Z"
      />
    </svg>
  );
}

const noSubscription = () => () => undefined;

/**
 * Runs `task` once the main thread is idle (at the latest after `IDLE_LIMIT_MS`); the returned
 * function cancels it. The stand-in's label is not visible until its language is known, so
 * looking that up (a request, in a plain browser) waits until the screen's content has rendered.
 */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: IDLE_LIMIT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0); // WebKit (Telegram on iOS and macOS) has no idle callbacks
  return () => window.clearTimeout(id);
}

const IDLE_LIMIT_MS = 1000;

/**
 * TON Connect button for the wallet tab header, without the widget's weight up front. With a
 * stored connection the widget loads at once, so the address comes back as before. Otherwise a
 * stand-in with the widget's look and label takes its place; pointing at or focusing it warms the
 * download, and pressing it loads the widget, which then opens its wallets modal by itself.
 */
export function TonConnectButtonLazy() {
  // null on the server and during hydration: the stored connection lives in localStorage.
  const restore = useSyncExternalStore(noSubscription, hasStoredConnection, () => null);
  // Known at once when the app has loaded its launch data: the stand-in then shows in the first
  // frame, with no placeholder of another width before it.
  const [language, setLanguage] = useState<TonLanguage | null>(currentLanguage);
  const [Widget, setWidget] = useState<WalletButton | null>(null);
  const [openModal, setOpenModal] = useState(false);

  useEffect(() => {
    if (restore === null) return;
    let live = true;
    const report = (error: unknown) => console.warn("TON Connect widget failed to load", error);
    if (restore) {
      loadWidget()
        .then((button) => live && setWidget(() => button))
        .catch(report);
    }
    const cancel = restore
      ? () => undefined
      : whenIdle(() => {
          if (live) setLanguage(currentLanguage());
        });
    return () => {
      live = false;
      cancel();
    };
  }, [restore]);

  if (Widget) return <Widget openModal={openModal} />;
  if (restore !== false) return <ButtonPlaceholder />;
  if (language === null) return <StandinPlaceholder />;

  const warm = () => void loadWidget().catch(() => undefined);
  const open = () => {
    setOpenModal(true);
    loadWidget().then(
      (button) => setWidget(() => button),
      (error: unknown) => console.warn("TON Connect widget failed to load", error),
    );
  };

  // The id is the widget's own, so the stand-in sits exactly where the real button will.
  return (
    <div id="ton-connect-button" className={styles.standinRoot}>
      <button
        type="button"
        className={styles.standin}
        onClick={open}
        onPointerEnter={warm}
        onFocus={warm}
        data-testid="ton-connect-standin"
      >
        <TonIcon />
        {connectWalletLabel(language)}
      </button>
    </div>
  );
}
