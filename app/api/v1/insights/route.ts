import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { readInsights } from "@/lib/server/insights/read-insights";
import { insightsQuery } from "@/lib/shared/schemas/insights";

export const GET = route(
  contractOf(featureOperations.insights, {
    summary:
      "Where money goes: money in and out per calendar month (12 months ending with month, in the time zone tz, minutes east of UTC, default 180), the balance at each month's end, the month's top counterparties — of one of the caller's accounts or of all of them in rubles",
    description:
      "wallet is one of the caller's account ids, or `total` for every account converted to rubles at the day's rate (as the wallet list's total). Months are calendar months in the time zone tz, counted as statements count days, so a month's in and out equal the statement of that month for an account. The total leaves out movements between the caller's own accounts (exchanges) from in and out, and tells how much of the spending left from non-ruble accounts (abroad); currencies without a known rate are left out of it and named in missingRates. Counterparties never include the bank or the caller. Another user's account or an unknown one is 404 WALLET_NOT_FOUND; a malformed wallet, month or tz is 400. One user may ask for INSIGHTS_LIMIT_PER_USER views per 10 minutes (429).",
    tag: "wallets",
    query: insightsQuery,
    ok: { status: 200 },
    errors: ["WALLET_NOT_FOUND", "RATE_LIMITED"],
  }),
  ({ user, query }) => readInsights({ userId: user.id, query }),
);
