"use client";

import { groupAccountNumber, maskAccountNumber } from "@/lib/shared/account-number";
import { CURRENCY_INFO, formatMoney } from "@/lib/shared/money";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";
import { useFormLanguage, useFormStrings } from "@/lib/client/form-strings";
import "./wallet-picker.css";

type PickerWallet = PublicWalletDto & { balance?: WalletDto["balance"] };

type WalletPickerProps<W extends PickerWallet> = {
  /** Accessible name of the radio group. */
  label: string;
  wallets: readonly W[];
  selectedId: number | null;
  onSelect: (wallet: W) => void;
  disabled?: boolean;
  /** Another person's accounts: only the last four digits are shown. */
  masked?: boolean;
};

/** A list of wallets to pick one from (radio group); own wallets show their balance. */
export function WalletPicker<W extends PickerWallet>({
  label,
  wallets,
  selectedId,
  onSelect,
  disabled,
  masked = false,
}: WalletPickerProps<W>) {
  const t = useFormStrings();
  const language = useFormLanguage();
  return (
    <div className="section" role="radiogroup" aria-label={label}>
      {wallets.map((wallet) => {
        const info = CURRENCY_INFO[wallet.currency];
        const checked = wallet.id === selectedId;
        // The amount never splits across lines; on a narrow phone it wraps under its label.
        const balance =
          wallet.balance === undefined ? null : (
            <>
              {t.transfer.balance}:{" "}
              <span className="nowrap">{formatMoney(wallet.balance, wallet.currency, language)}</span>
            </>
          );
        return (
          <button
            key={wallet.id}
            type="button"
            role="radio"
            aria-checked={checked}
            disabled={disabled}
            className={["list-item", "list-item-action", "choice", checked ? "choice-on" : ""]
              .filter(Boolean)
              .join(" ")}
            onClick={() => onSelect(wallet)}
          >
            <span className="choice-mark" aria-hidden="true" />
            <span className="list-item-text">
              <span className="list-item-title">
                {t.currencies[wallet.currency]} {info.symbol}
              </span>
              <span className="list-item-subtitle">{masked ? maskAccountNumber(wallet.number) : groupAccountNumber(wallet.number)}</span>
            </span>
            {balance && <span className="list-item-after">{balance}</span>}
          </button>
        );
      })}
    </div>
  );
}
