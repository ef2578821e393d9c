"use client";

import { WalletPicker } from "@/components/transfer/wallet-picker";
import { Avatar } from "@/components/ui/avatar";
import { ListItem } from "@/components/ui/list-item";
import { Skeleton } from "@/components/ui/skeleton";
import { hapticSelection } from "@/lib/client/telegram/haptics";
import { maskAccountNumber } from "@/lib/shared/account-number";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";
import { useFormStrings } from "@/lib/client/form-strings";

type TransferPartiesProps = {
  /** The recipient's name as the screens show it, and their picture. */
  name: string;
  avatarUrl: string | undefined;
  receiver: PublicWalletDto;
  sender: WalletDto | null;
  senderWallets: readonly WalletDto[] | undefined;
  sendersLoading: boolean;
  onSender: (wallet: WalletDto) => void;
};

/** Who gets the money (their account masked), and from which own account it leaves. */
export function TransferParties({ name, avatarUrl, receiver, sender, senderWallets, sendersLoading, onSender }: TransferPartiesProps) {
  const t = useFormStrings();
  return (
    <>
      <div className="section" role="group" aria-label={t.transfer.recipient}>
        <ListItem
          before={<Avatar src={avatarUrl} name={name} size={40} />}
          title={name}
          subtitle={`${t.currencies[receiver.currency]} ${maskAccountNumber(receiver.number)}`}
        />
      </div>

      <section className="stack" aria-label={t.transfer.senderWallet}>
        <h2 className="section-title">{t.transfer.senderWallet}</h2>
        {sendersLoading ? (
          <Skeleton height={224} radius={14} />
        ) : (
          <WalletPicker
            label={t.transfer.senderWallet}
            wallets={senderWallets ?? []}
            selectedId={sender?.id ?? null}
            onSelect={(wallet) => {
              hapticSelection();
              onSender(wallet);
            }}
          />
        )}
      </section>
    </>
  );
}
