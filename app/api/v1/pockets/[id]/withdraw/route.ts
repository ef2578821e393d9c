import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { moveOutOfPocket } from "@/lib/server/pockets/move";
import { pocketIdParams, pocketMoveBody } from "@/lib/shared/schemas/pockets";

export const POST = route(
  contractOf(featureOperations.moveOutOfPocket, {
    summary: "Take money out of a pocket back to its account",
    description: "Moves `amount` (minor units) from the pocket back to its account at once: a movement of kind \"pocket\". Refused while the pocket is locked and its date has not come (409 POCKET_LOCKED), past what the pocket holds (422 INSUFFICIENT_FUNDS), for a closed pocket (409 POCKET_CLOSED); someone else's pocket is a 404. Idempotent with an Idempotency-Key.",
    tag: "wallets",
    params: pocketIdParams,
    body: pocketMoveBody,
    ok: { status: 201 },
    errors: ["NOT_FOUND", "POCKET_CLOSED", "POCKET_LOCKED", "INVALID_AMOUNT", "INSUFFICIENT_FUNDS", "BALANCE_LIMIT"],
  }),
  async ({ user, params, body, idempotencyKey }) => {
    const row = await moveOutOfPocket({ userId: user.id, pocketId: params.id, amount: body.amount, idempotencyKey });
    return toTransferDto(row);
  },
);
