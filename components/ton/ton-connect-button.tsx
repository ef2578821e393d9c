"use client";

import { TonConnectButton } from "@tonconnect/ui-react";
import { TonConnectProvider } from "./ton-connect-provider";

/**
 * The widget's connect button with its provider: 'Connect wallet' while disconnected, then a
 * dropdown with the shortened address (Copy address, Disconnect). Heavy: load it through
 * TonConnectButtonLazy.
 */
export function TonConnectWalletButton() {
  return (
    <TonConnectProvider>
      <TonConnectButton />
    </TonConnectProvider>
  );
}
