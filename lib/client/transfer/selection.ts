import type { TransferMethod } from "@/lib/client/qr";
import { normalizeAccountNumber } from "@/lib/shared/account-number";
import type { PublicWalletDto, WalletDto } from "@/lib/shared/schemas/wallets";

export type SelectionInput = {
  method: TransferMethod;
  /** What the sender typed (account number, username or e-mail). */
  target: string;
  recipientWallets: readonly PublicWalletDto[];
  senderWallets: readonly WalletDto[];
  /** Explicit choices; null when the user has not picked (or the pick no longer applies). */
  chosenReceiverId: number | null;
  chosenSenderId: number | null;
};

export type Selection = {
  receiver: PublicWalletDto | null;
  sender: WalletDto | null;
};

/**
 * The wallets a transfer goes from and to, derived rather than stored so they follow the data:
 * - an explicit receiver pick wins; otherwise, for the account-number method, the recipient's
 *   wallet with exactly that number is selected automatically (spec §4);
 * - an explicit sender pick wins; otherwise the sender's wallet in the receiver's currency —
 *   unless that is the receiving wallet itself (one's own payment QR): then nothing is chosen
 *   and the sender picks, rather than being shown a transfer that can only be refused.
 * Picks that are not in the current lists (e.g. after the recipient changed) are ignored.
 */
export function resolveSelection(input: SelectionInput): Selection {
  const { method, target, recipientWallets, senderWallets } = input;
  const picked = recipientWallets.find((w) => w.id === input.chosenReceiverId) ?? null;
  const byNumber =
    method === "card" ? (recipientWallets.find((w) => w.number === normalizeAccountNumber(target)) ?? null) : null;
  const receiver = picked ?? byNumber;
  const chosenSender = senderWallets.find((w) => w.id === input.chosenSenderId) ?? null;
  const sameCurrency = receiver
    ? (senderWallets.find((w) => w.currency === receiver.currency && w.id !== receiver.id) ?? null)
    : null;
  return { receiver, sender: chosenSender ?? sameCurrency };
}
