import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { listPockets, openPocket } from "@/lib/server/pockets/manage";
import { openPocketBody } from "@/lib/shared/schemas/pockets";

export const GET = route(
  contractOf(featureOperations.myPockets, {
    summary: "The caller's open pockets, oldest first, each with its balance, target and settings",
    description:
      "Lists the caller's open pockets: money set aside within one of their accounts (`walletId`), each on an account of its own in the books (`id`), with its name, balance, optional target (minor units) and target date, whether it is locked until that date, and the round-up step it takes from outgoing transfers (10 or 100 units; 0: none). An account's `balance` (GET /api/v1/wallets) is what is available; its `pocketed` is what its pockets hold.",
    tag: "wallets",
    ok: { status: 200 },
  }),
  ({ user }) => listPockets(user.id),
);

export const POST = route(
  contractOf(featureOperations.openPocket, {
    summary: "Open a pocket in one of the caller's currencies: a name, an optional target and date, a lock until that date, a round-up step",
    description:
      "Opens an empty pocket beside the caller's account in `currency`. `locked` needs a `targetDate` (today or later, Moscow): until that date nothing can be taken out, and the date can only move later. `roundUp` (10 or 100) makes every transfer to someone else from that account round its amount up to the next 10 or 100 units into this pocket, in the same step as the transfer, when the available balance covers it (else the transfer goes on without one); one pocket per currency takes round-ups (409 POCKET_ROUND_UP_TAKEN). At most 20 open pockets (422 POCKET_LIMIT). Another pocket's or account's number names nobody: money reaches a pocket only from its own account.",
    tag: "wallets",
    body: openPocketBody,
    ok: { status: 201 },
    errors: ["WALLET_NOT_FOUND", "POCKET_LIMIT", "POCKET_ROUND_UP_TAKEN"],
  }),
  ({ user, body }) => openPocket(user.id, body),
);
