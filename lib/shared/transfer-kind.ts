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

/**
 * How a movement came to be made: by its sender in the app (a transfer, a top-up, an exchange),
 * by a schedule's run, by paying a payment request, by paying one's part of a split, as the
 * round-up of an outgoing transfer into a pocket, or by an order at a target rate (an exchange
 * made when the rate met it).
 */
export const TRANSFER_CHANNELS = ["app", "schedule", "request", "split", "roundup", "order"] as const;
export type TransferChannel = (typeof TRANSFER_CHANNELS)[number];

export function isTransferChannel(value: string): value is TransferChannel {
  return (TRANSFER_CHANNELS as readonly string[]).includes(value);
}
