import { z } from "zod";
import * as answers from "@/lib/shared/api/dtos";
import * as featureAnswers from "@/lib/shared/api/feature-dtos";
import { zodOf } from "@/lib/shared/schemas/from-check";

export const rateDto = zodOf(answers.rateDto);
export type { RateDto } from "@/lib/shared/api/dtos";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const rateHistoryQuery = z.object({ from: isoDate, to: isoDate });

export const rateHistoryDto = zodOf(featureAnswers.rateHistoryDto);
export type { RateHistoryDto } from "@/lib/shared/api/feature-dtos";

/** Any code is accepted here; an unsupported one answers 404 RATE_NOT_FOUND. */
export const currencyParams = z.object({ currency: z.string().min(1).max(10) });
