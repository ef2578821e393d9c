"use client";

import { useEffect, useRef } from "react";
import { TonConnectButton, useTonConnectUI } from "@tonconnect/ui-react";
import { TonConnectProvider } from "./ton-connect-provider";
import styles from "./ton.module.css";

/** Opens the wallets modal once the widget is up, unless a restored connection made it moot. */
function OpenModalOnce() {
  const [ui] = useTonConnectUI();
  const opened = useRef(false);
  useEffect(() => {
    if (!ui || opened.current) return;
    opened.current = true;
    void ui.connectionRestored.then(() => {
      if (!ui.connected) void ui.openModal();
    });
  }, [ui]);
  return null;
}

/**
 * The widget's connect button with its provider: 'Connect wallet' while disconnected, then a
 * dropdown with the shortened address (Copy address, Disconnect). Heavy: load it through
 * TonConnectButtonLazy. `openModal`: the user already pressed the stand-in button, so the
 * wallets modal opens as soon as the widget is ready.
 */
export function TonConnectWalletButton({ openModal = false }: { openModal?: boolean }) {
  return (
    <TonConnectProvider>
      {openModal && <OpenModalOnce />}
      <TonConnectButton className={styles.widget} />
    </TonConnectProvider>
  );
}
