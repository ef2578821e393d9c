import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { getSpendingLimits, setTransferFreeze } from "@/lib/server/ledger/spending-limits";
import { transferFreezeBody } from "@/lib/shared/schemas/limits";
import { clockNow } from "@/lib/server/platform/clock";

export const GET = route(
  contractOf(featureOperations.spendingLimits, {
    summary: "The caller's own limits on transfers to other people, per currency, and whether transfers are frozen",
    description:
      "For every currency: the daily and monthly limit in force (minor units; null: no limit; days and months in Moscow time), a raise that waits (pendingDaily, pendingMonthly: the new amount and when it applies), and what left the caller's accounts to other people today and this month. `frozen`: transfers to others are frozen. Only the caller's own limits: there is no way to name another user.",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => getSpendingLimits(user.id, clockNow()),
);

export const PUT = route(
  contractOf(featureOperations.setTransferFreeze, {
    summary: "Freeze or unfreeze the caller's transfers to other people",
    description:
      "frozen: true refuses at once every movement of the caller's money to another person — transfers, payments of requests and splits, schedules' runs (423 TRANSFERS_FROZEN; a schedule's run fails with that reason) — while exchanges between the caller's own accounts still work. frozen: false lifts it. Answers the limits as GET does. The session is checked against the database: a revoked one gets 401.",
    tag: "transfers",
    body: transferFreezeBody,
    ok: { status: 200 },
    freshSession: true,
  }),
  ({ user, body }) => setTransferFreeze(user.id, body.frozen, clockNow()),
);
