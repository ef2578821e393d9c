"use client";

import { RecipientStatus } from "@/components/transfer/recipient-status";
import { WalletPicker } from "@/components/transfer/wallet-picker";
import { PrimaryAction } from "@/components/ui/primary-action";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import type { TransferMethod } from "@/lib/client/qr";
import type { PublicUserDto } from "@/lib/shared/schemas/users";
import type { PublicWalletDto } from "@/lib/shared/schemas/wallets";
import { Form } from "@/components/ui/form";
import { useFormStrings } from "@/lib/client/form-strings";

const TARGET_INPUT: Record<TransferMethod, { type: string; inputMode: "numeric" | "email" | "text" }> = {
  card: { type: "text", inputMode: "numeric" },
  username: { type: "text", inputMode: "text" },
  email: { type: "email", inputMode: "email" },
};

type RecipientStepProps = {
  method: TransferMethod;
  target: string;
  onTarget: (value: string) => void;
  /** The lookup text after debouncing. */
  query: string;
  recipient: PublicUserDto | undefined;
  recipientLoading: boolean;
  recipientError: unknown;
  wallets: readonly PublicWalletDto[] | undefined;
  walletsLoading: boolean;
  receiverId: number | null;
  onReceiver: (wallet: PublicWalletDto) => void;
  onContinue: () => void;
};

/**
 * Step 1 of a transfer: who gets the money. The person found is shown by name and avatar, their
 * accounts by currency and the last four digits only; "Продолжить" leads to the amount.
 */
export function RecipientStep(props: RecipientStepProps) {
  const t = useFormStrings();
  const { method, target, recipient, wallets, receiverId } = props;
  const canContinue = Boolean(recipient && receiverId !== null);
  return (
    <Form
      onSubmit={() => {
        if (canContinue) props.onContinue();
      }}
    >
      <TextField
        label={t.transfer.target[method]}
        value={target}
        type={TARGET_INPUT[method].type}
        inputMode={TARGET_INPUT[method].inputMode}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => props.onTarget(event.target.value)}
      />
      <RecipientStatus
        query={props.query}
        recipient={recipient}
        loading={props.recipientLoading}
        error={props.recipientError}
      />
      {recipient && (
        <section className="stack" aria-label={t.transfer.recipientWallets}>
          <h2 className="section-title">{t.transfer.recipientWallets}</h2>
          {props.walletsLoading ? (
            <Skeleton height={112} radius={14} />
          ) : wallets && wallets.length > 0 ? (
            <WalletPicker
              label={t.transfer.recipientWallets}
              wallets={wallets}
              selectedId={receiverId}
              masked
              onSelect={props.onReceiver}
            />
          ) : (
            <p className="hint">{t.transfer.noRecipientWallets}</p>
          )}
        </section>
      )}
      <PrimaryAction type="submit" label={t.common.continue} onPress={props.onContinue} disabled={!canContinue} />
    </Form>
  );
}
