import { z } from "zod";
import { says } from "@/lib/shared/i18n";
import { minorAmount } from "@/lib/shared/schemas/amount";
import { rowId } from "@/lib/shared/schemas/ids";
import { REQUEST_TOKEN } from "@/lib/shared/schemas/requests";
import { transferMessage } from "@/lib/shared/schemas/transfers";
import { currencySchema } from "@/lib/shared/schemas/wallets";
import { MAX_SPLIT_SHARES, SHARE_STATUSES, SPLIT_MODES } from "@/lib/shared/split-shares";

/**
 * One share of a new split: a person (their user id, as the recipient lookups and the recent
 * recipients give it; the organiser's own id is their own part) or `null`, a share left open to
 * whoever joins from the split's link. `amount` only when splitting by amounts.
 */
export const splitShareInput = z.object({
  userId: rowId.nullable(),
  amount: minorAmount.optional(),
});

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

const person = z.object({ name: z.string(), avatarUrl: z.string() });

export const splitShareDto = z.object({
  position: z.number().int(),
  /** Null: a share still open to whoever joins from the link. */
  participant: person.nullable(),
  /** The caller's own share. */
  mine: z.boolean(),
  amount: z.number().int(),
  status: z.enum(SHARE_STATUSES),
  /** The share's payment request: for the organiser and for the share's participant only. */
  requestToken: z.string().nullable(),
  remindedAt: z.string().nullable(),
});
export type SplitShareDto = z.infer<typeof splitShareDto>;

export const splitDto = z.object({
  token: z.string(),
  title: z.string(),
  total: z.number().int(),
  currency: currencySchema,
  mode: z.enum(SPLIT_MODES),
  /** "cancelled": the organiser cancelled the rest (paid shares stay paid). */
  status: z.enum(["open", "cancelled"]),
  organiser: person,
  /** The caller organised it (sees every share's request, may remind, cancel and settle). */
  own: z.boolean(),
  createdAt: z.string(),
  lastRemindedAt: z.string().nullable(),
  progress: z.object({
    count: z.number().int(),
    paid: z.number().int(),
    settled: z.number().int(),
    pending: z.number().int(),
    declined: z.number().int(),
    /** Minor units received so far: paid and settled shares. */
    collected: z.number().int(),
  }),
  /** Every share, with who owes it: empty for someone who holds the link but has not joined. */
  shares: z.array(splitShareDto),
  /** The caller may take a share from the link. */
  joinable: z.boolean(),
});
export type SplitDto = z.infer<typeof splitDto>;
export const splitListDto = z.array(splitDto);
