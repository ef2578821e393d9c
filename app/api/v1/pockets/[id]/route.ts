import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { setPocket } from "@/lib/server/pockets/manage";
import { pocketIdParams, pocketSettingsBody } from "@/lib/shared/schemas/pockets";

export const PUT = route(
  contractOf(featureOperations.setPocket, {
    summary: "Set all of a pocket's settings: name, target, target date, lock, round-up step",
    description:
      "Replaces the pocket's settings. A pocket locked until a date that has not come stays locked, and its date can only move later (409 POCKET_LOCKED); a closed pocket changes no more (409 POCKET_CLOSED); one pocket per currency takes round-ups (409 POCKET_ROUND_UP_TAKEN). Someone else's pocket is a 404.",
    tag: "wallets",
    params: pocketIdParams,
    body: pocketSettingsBody,
    ok: { status: 200 },
    errors: ["NOT_FOUND", "POCKET_LOCKED", "POCKET_CLOSED", "POCKET_ROUND_UP_TAKEN"],
  }),
  ({ user, params, body }) => setPocket(user.id, params.id, body),
);
