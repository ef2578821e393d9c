import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { getRate } from "@/lib/server/rates/get-rate";
import { currencyParams } from "@/lib/shared/schemas/rates";

export const GET = route(
  contractOf(operations.rate, {
    summary: "Ruble price of one unit (the quote in force now; RUB is 1). USD, EUR and CNY are quoted",
    description:
      "The price of one unit of the currency in rubles, with 4 decimals, that conversions use now: the newest quote whose date has begun in Moscow (a quote published for tomorrow applies from tomorrow). RUB is always 1; 404 for a currency the bank does not hold.",
    tag: "rates",
    params: currencyParams,
    ok: { status: 200 },
    errors: ["RATE_NOT_FOUND"],
  }),
  ({ params }) => getRate({ currency: params.currency }),
);
