"use client";

import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Button } from "@/components/ui/button";
import { hapticSelection } from "@/lib/client/telegram/haptics";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import { useAllStrings } from "@/lib/client/feature-strings";

type ExchangeAccountsProps = {
  wallets: readonly WalletDto[];
  from: WalletDto;
  to: WalletDto;
  onFrom: (wallet: WalletDto) => void;
  onTo: (wallet: WalletDto) => void;
  onSwap: () => void;
};

/** The two own accounts of an exchange, from and to (never the same one), and the swap between them. */
export function ExchangeAccounts({ wallets, from, to, onFrom, onTo, onSwap }: ExchangeAccountsProps) {
  const t = useAllStrings();
  return (
    <>
      <section className="stack" aria-label={t.exchange.fromAccount}>
        <h2 className="section-title">{t.exchange.fromAccount}</h2>
        <WalletPicker
          label={t.exchange.fromAccount}
          wallets={wallets}
          selectedId={from.id}
          onSelect={(wallet) => {
            hapticSelection();
            onFrom(wallet);
          }}
        />
      </section>
      <Button variant="secondary" onClick={onSwap}>
        {t.exchange.swap}
      </Button>
      <section className="stack" aria-label={t.exchange.toAccount}>
        <h2 className="section-title">{t.exchange.toAccount}</h2>
        <WalletPicker
          label={t.exchange.toAccount}
          wallets={wallets.filter((w) => w.id !== from.id)}
          selectedId={to.id}
          onSelect={(wallet) => {
            hapticSelection();
            onTo(wallet);
          }}
        />
      </section>
    </>
  );
}
