"use client";

import dynamic from "next/dynamic";
import { resolveLaunchLanguage } from "@/lib/client/ton/launch-language";
import styles from "./ton.module.css";

/** Keeps the button's place while the widget's code loads. */
function ButtonPlaceholder() {
  return <span className={styles.placeholder} aria-hidden="true" data-testid="ton-connect-placeholder" />;
}

// ssr: false because the widget touches window/localStorage at creation; the split keeps its
// ~160 KB gzip out of every screen that does not show it (sign-in screens above all). The user's
// language is settled while the chunk loads, so the button never flips from English to Russian.
const LazyButton = dynamic(
  () =>
    Promise.all([import("./ton-connect-button"), resolveLaunchLanguage()]).then(
      ([m]) => m.TonConnectWalletButton,
    ),
  { ssr: false, loading: ButtonPlaceholder },
);

/**
 * TON Connect button for the wallet tab header. The surrounding screen renders at once; the
 * widget arrives afterwards in a placeholder of the button's size.
 */
export function TonConnectButtonLazy() {
  return <LazyButton />;
}
