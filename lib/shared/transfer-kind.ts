/**
 * What a movement is: a transfer between people, a top-up from the bank, an exchange between two
 * of one's own accounts, the payment of a payment request, or money moved between an account and
 * one of its pockets. (No zod here: the browser's answer checks import it too.)
 */
export const TRANSFER_KINDS = ["transfer", "topup", "exchange", "request", "pocket"] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export function isTransferKind(value: string): value is TransferKind {
  return (TRANSFER_KINDS as readonly string[]).includes(value);
}
