import { route } from "@/lib/server/http";
import { getRate } from "@/lib/server/rates/get-rate";
import { currencyParams } from "@/lib/shared/schemas/rates";

export const GET = route({ params: currencyParams }, ({ params }) =>
  getRate({ currency: params.currency }),
);
