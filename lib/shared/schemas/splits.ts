import { z } from "zod";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";
import { says } from "@/lib/shared/languages";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId } from "@/lib/shared/schemas/ids";
import { REQUEST_TOKEN } from "@/lib/shared/schemas/requests";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { MAX_SPLIT_SHARES, SPLIT_MODES } from "@/lib/shared/split-shares";

/**
 * One share of a new split: a person — by user id, only someone the organiser has sent money to
 * or received money from (as the recent recipients give them; the organiser's own id is their own
 * part), or by username, a lookup counted against the lookup limit — or `userId: null`, a share
 * left open to whoever joins from the split's link. `amount` only when splitting by amounts.
 */
export const splitShareInput = z
  .object({
    userId: rowId.nullable().optional(),
    username: z.string().trim().min(1).max(64).optional(),
    amount: minorAmount.optional(),
  })
  .refine((share) => (share.username === undefined) !== (share.userId === undefined), says("splits.errors.shareWho"));

export const createSplitBody = z.object({
  /** What the bill is for: the message of every share's payment request. */
  title: transferMessage.pipe(z.string(says("splits.errors.titleRequired"))),
  currency: currencySchema,
  total: minorAmount,
  mode: z.enum(SPLIT_MODES),
  shares: z
    .array(splitShareInput)
    .min(1, says("splits.errors.noShares"))
    .max(MAX_SPLIT_SHARES, says("splits.errors.tooMany")),
});
export type CreateSplitBody = z.infer<typeof createSplitBody>;

export const splitTokenParams = z.object({ token: z.string().regex(REQUEST_TOKEN) });
export const splitShareParams = splitTokenParams.extend({
  position: z.coerce.number().int().min(0).max(MAX_SPLIT_SHARES - 1),
});

/** A split as its organiser, a participant, or a link holder who may join sees it. */
export const splitDto = zodOf(featureAnswers.splitDto);
export const splitListDto = zodOf(featureAnswers.splitListDto);
export type { SplitDto, SplitShareDto } from "@/lib/shared/api/feature-dtos";
