import { route } from "@/lib/server/http";
import { getRateHistory } from "@/lib/server/rates/rate-history";
import { currencyParams } from "@/lib/shared/schemas/rates";

// from/to are validated by the service so that every bad range answers INVALID_DATE_RANGE.
export const GET = route({ params: currencyParams }, ({ params, req }) => {
  const search = new URL(req.url).searchParams;
  return getRateHistory({
    currency: params.currency,
    from: search.get("from"),
    to: search.get("to"),
  });
});
