import { z } from "zod";
import { rowId } from "@/lib/shared/schemas/ids";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

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
export const statementDto = zodOf(featureAnswers.statementDto);
export type { StatementDto, StatementLinkDto } from "@/lib/shared/api/feature-dtos";

/** Asks for a download link to one account's statement as a file. */
export const statementLinkBody = statementPeriod.extend({
  walletId: rowId,
  format: z.enum(STATEMENT_FORMATS),
});
export type StatementLinkBody = z.infer<typeof statementLinkBody>;

/** A link that downloads the file without the bearer token, valid for a few minutes. */
export const statementLinkDto = zodOf(featureAnswers.statementLinkDto);

export const statementFileQuery = z.object({ token: z.string().min(1).max(2048) });
