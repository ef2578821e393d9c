import { z } from "zod";
import { rowId } from "@/lib/shared/schemas/ids";
import { currencySchema } from "@/lib/shared/schemas/wallets";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const STATEMENT_FORMATS = ["csv", "pdf"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * A statement's period: calendar days `from`…`to`, both included, in the time zone `tz` minutes
 * east of UTC (the customer's; Moscow, 180, by default).
 */
export const statementPeriod = z.object({
  from: isoDate,
  to: isoDate,
  tz: z.coerce.number().int().min(-840).max(840).default(180),
});
export type StatementPeriod = z.infer<typeof statementPeriod>;

export const statementQuery = statementPeriod;

/** A statement's totals: opening + totalIn − totalOut = closing, in minor units of the account. */
export const statementDto = z.object({
  walletId: z.number().int(),
  number: z.string(),
  currency: currencySchema,
  from: z.string(),
  to: z.string(),
  opening: z.number().int(),
  totalIn: z.number().int(),
  totalOut: z.number().int(),
  closing: z.number().int(),
  /** How many movements the period holds. */
  count: z.number().int(),
});
export type StatementDto = z.infer<typeof statementDto>;

/** Asks for a download link to one account's statement as a file. */
export const statementLinkBody = statementPeriod.extend({
  walletId: rowId,
  format: z.enum(STATEMENT_FORMATS),
});
export type StatementLinkBody = z.infer<typeof statementLinkBody>;

/**
 * A link that downloads the file without the bearer token (Telegram's `downloadFile` fetches it
 * itself): signed, for that user, account, period and format only, valid for a few minutes.
 */
export const statementLinkDto = z.object({
  url: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
});
export type StatementLinkDto = z.infer<typeof statementLinkDto>;

export const statementFileQuery = z.object({ token: z.string().min(1).max(2048) });
