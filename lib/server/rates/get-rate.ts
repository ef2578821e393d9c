import "server-only";
import { AppError } from "@/lib/server/platform/errors";
import { rateDay } from "@/lib/server/rates/latest";
import { rateUnitsOn } from "@/lib/server/rates/store";
import { isCurrency, unitsToRate, type Currency } from "@/lib/shared/money";
import type { RateDto } from "@/lib/shared/schemas/rates";

/** A supported currency from a path segment ("usd" or "USD"); unknown ones have no rate. */
export function rateCurrency(raw: string): Currency {
  const code = raw.toUpperCase();
  if (!isCurrency(code)) throw new AppError("RATE_NOT_FOUND");
  return code;
}

/**
 * The ruble price of one unit in force at `now`: the newest quote whose day has begun in Moscow
 * (`rateDay`). A quote imported for tomorrow is not shown before tomorrow, like it is not used.
 */
export async function getRate(options: { currency: string; now?: number }): Promise<RateDto> {
  const units = await rateUnitsOn(rateCurrency(options.currency), rateDay(options.now));
  if (units === null) throw new AppError("RATE_NOT_FOUND");
  return { value: unitsToRate(units) };
}
