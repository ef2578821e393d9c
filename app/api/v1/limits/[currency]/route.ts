import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { setSpendingLimit } from "@/lib/server/ledger/spending-limits";
import { limitCurrencyParams, spendingLimitBody } from "@/lib/shared/schemas/limits";
import { clockNow } from "@/lib/server/platform/clock";

export const PUT = route(
  contractOf(featureOperations.setSpendingLimit, {
    summary: "Set the caller's daily and monthly limit on transfers to other people in one currency",
    description:
      "daily and monthly in minor units of the currency (a positive integer; null: no limit), both given. A limit lower than or equal to the one in force applies at once (and drops a raise that waited); a higher one, or none where there was one, applies only 24 hours later, and the caller is told through their notifications at once — a stolen session cannot raise and drain in one go. The limits cover every movement to another person (transfers, payments of requests and splits, schedules' runs: 422 SPENDING_LIMIT past them), checked in the same step that moves the money, so parallel transfers cannot pass them together; the bank's own limits still apply. 400 UNKNOWN_CURRENCY for a currency the bank does not hold. Answers the limits as GET /api/v1/limits does.",
    tag: "transfers",
    params: limitCurrencyParams,
    body: spendingLimitBody,
    ok: { status: 200 },
    errors: ["UNKNOWN_CURRENCY"],
    freshSession: true,
  }),
  ({ user, params, body }) => setSpendingLimit(user.id, params.currency, { daily: toMinor(body.daily), monthly: toMinor(body.monthly) }, clockNow()),
);

function toMinor(value: number | null): bigint | null {
  return value === null ? null : BigInt(value);
}
