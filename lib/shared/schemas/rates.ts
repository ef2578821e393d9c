import { z } from "zod";

export const rateDto = z.object({ value: z.number() });
export type RateDto = z.infer<typeof rateDto>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const rateHistoryQuery = z.object({ from: isoDate, to: isoDate });

export const ratePointDto = z.object({ date: z.string(), value: z.number() });
export const rateHistoryDto = z.array(ratePointDto);
