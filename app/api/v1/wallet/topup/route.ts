import { json, route } from "@/lib/server/http";
import { topUp } from "@/lib/server/ledger/top-up";
import { topUpBody } from "@/lib/shared/schemas/wallets";

export const POST = route({ body: topUpBody }, async ({ user, body, req }) => {
  const outcome = await topUp({
    ...body,
    userId: user.id,
    idempotencyKey: req.headers.get("idempotency-key"),
  });
  return json(outcome.body, outcome.status);
});
