"use client";

import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Button } from "@/components/ui/button";
import { hapticSelection } from "@/lib/client/telegram/haptics";
import type { WalletDto } from "@/lib/shared/schemas/wallets";
import { useStrings } from "@/lib/client/language";

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
  const ru = useStrings();
  return (
    <>
      <section className="stack" aria-label={ru.exchange.fromAccount}>
        <h2 className="section-title">{ru.exchange.fromAccount}</h2>
        <WalletPicker
          label={ru.exchange.fromAccount}
          wallets={wallets}
          selectedId={from.id}
          onSelect={(wallet) => {
            hapticSelection();
            onFrom(wallet);
          }}
        />
      </section>
      <Button variant="secondary" onClick={onSwap}>
        {ru.exchange.swap}
      </Button>
      <section className="stack" aria-label={ru.exchange.toAccount}>
        <h2 className="section-title">{ru.exchange.toAccount}</h2>
        <WalletPicker
          label={ru.exchange.toAccount}
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
