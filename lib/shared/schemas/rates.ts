import { z } from "zod";

export const rateDto = z.object({ value: z.number() });
export type RateDto = z.infer<typeof rateDto>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const rateHistoryQuery = z.object({ from: isoDate, to: isoDate });

export const ratePointDto = z.object({ date: z.string(), value: z.number() });
export const rateHistoryDto = z.array(ratePointDto);
export type RateHistoryDto = z.infer<typeof rateHistoryDto>;

/** Any code is accepted here; an unsupported one answers 404 RATE_NOT_FOUND. */
export const currencyParams = z.object({ currency: z.string().min(1).max(10) });
