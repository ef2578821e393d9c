import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { getSplit } from "@/lib/server/splits/read-splits";
import { splitTokenParams } from "@/lib/shared/schemas/splits";

export const GET = route(
  contractOf(featureOperations.split, {
    summary: "One split, for its organiser and participants (who owes what), or for whoever may still join it from its link",
    description:
      "Answers the split with its progress. Its organiser and participants see every share and who owes it; the request tokens only of their own shares (the organiser: all). Someone else holding the link sees it without its shares while a share is open to join; otherwise the split does not exist for them (404).",
    tag: "transfers",
    params: splitTokenParams,
    ok: { status: 200 },
    errors: ["NOT_FOUND"],
  }),
  ({ user, params }) => getSplit({ token: params.token, callerId: user.id }),
);
