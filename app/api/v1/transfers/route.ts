import { json, route } from "@/lib/server/http";
import { createTransfer } from "@/lib/server/ledger/create-transfer";
import { createTransferBody } from "@/lib/shared/schemas/transfers";

export const POST = route({ body: createTransferBody }, async ({ user, body, req }) => {
  const outcome = await createTransfer({
    ...body,
    userId: user.id,
    idempotencyKey: req.headers.get("idempotency-key"),
  });
  return json(outcome.body, outcome.status);
});
