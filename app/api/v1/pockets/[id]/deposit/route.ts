import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { toTransferDto } from "@/lib/server/ledger/transfer-row";
import { moveIntoPocket } from "@/lib/server/pockets/move";
import { pocketIdParams, pocketMoveBody } from "@/lib/shared/schemas/pockets";

export const POST = route(
  contractOf(featureOperations.moveIntoPocket, {
    summary: "Move money from the account into its pocket",
    description: "Moves `amount` (minor units of the pocket's currency) from the pocket's account into the pocket at once: a movement of kind \"pocket\". Only what is available moves (422 INSUFFICIENT_FUNDS). A closed pocket takes nothing (409 POCKET_CLOSED); someone else's pocket is a 404. Idempotent with an Idempotency-Key.",
    tag: "wallets",
    params: pocketIdParams,
    body: pocketMoveBody,
    ok: { status: 201 },
    errors: ["NOT_FOUND", "POCKET_CLOSED", "INVALID_AMOUNT", "INSUFFICIENT_FUNDS", "BALANCE_LIMIT"],
  }),
  async ({ user, params, body, idempotencyKey }) => {
    const row = await moveIntoPocket({ userId: user.id, pocketId: params.id, amount: body.amount, idempotencyKey });
    return toTransferDto(row);
  },
);
