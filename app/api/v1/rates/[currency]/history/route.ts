import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { getRateHistory } from "@/lib/server/rates/rate-history";
import { currencyParams, rateHistoryQuery } from "@/lib/shared/schemas/rates";

export const GET = route(
  contractOf(featureOperations.rateHistory, {
    summary: "Daily rates between two dates (≤ 366 days), gaps carried from the last quote",
    description:
      "One point per day between from and to inclusive (ISO dates, at most 366 days): the rate in force that day. A day without a quote carries the last known one forward; days that have not begun in Moscow are left out, so a quote published for tomorrow is shown from tomorrow. 400 when the range is invalid or too long, 404 for an unknown currency.",
    tag: "rates",
    params: currencyParams,
    query: rateHistoryQuery,
    queryError: "INVALID_DATE_RANGE",
    ok: { status: 200 },
    errors: ["RATE_NOT_FOUND", "INVALID_DATE_RANGE"],
  }),
  ({ params, query }) => getRateHistory({ currency: params.currency, from: query.from, to: query.to }),
);
