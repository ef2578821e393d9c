import { z } from "zod";
import { says } from "@/lib/shared/languages";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId } from "@/lib/shared/schemas/ids";

const wallets = { fromWalletId: rowId, toWalletId: rowId };

/**
 * An exchange between two of the caller's own wallets. Exactly one side's amount: `amount` (what
 * leaves `fromWalletId`, in its currency) or `receivedAmount` (what arrives in `toWalletId`, in its
 * currency — credited exactly; the amount given is the least whose conversion covers it). Said in
 * the schema itself (one of two closed shapes), so the document states the rule too.
 */
export const createExchangeBody = z.union(
  [z.strictObject({ ...wallets, amount: minorAmount }), z.strictObject({ ...wallets, receivedAmount: minorAmount })],
  says("exchange.oneSide"),
);
/** Either shape, as the use case reads it. */
export type CreateExchangeBody = { fromWalletId: number; toWalletId: number; amount?: number; receivedAmount?: number };
