import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { createSplit } from "@/lib/server/splits/create-split";
import { listSplits } from "@/lib/server/splits/read-splits";
import { createSplitBody } from "@/lib/shared/schemas/splits";

export const POST = route(
  contractOf(featureOperations.createSplit, {
    summary: "Split a bill: one payment request per share, for people by user id or left open to whoever joins from the split's link",
    description:
      "Splits `total` among `shares`, equally (the remainder's minor units go one each to the first shares, so the shares sum exactly to the total) or by the amounts given (refused with 400 unless they sum to the total). Each share names a person by user id — only someone the caller has sent money to or received money from (anyone else, or an unknown id, is a 404) —, by username (a lookup, counted against the lookup limit), the caller's own id for their own part (settled from the start), or `userId: null` for a share taken later by whoever opens the split's link. A title holding a link, an address, a phone or card number or words that pass for the bank is refused with 400. Every other share becomes a payment request of the caller's, made as POST /api/v1/requests makes one (its limit, expiry and single use hold; the split's title is its message). Honours Idempotency-Key: a resent request answers the first split without making requests again; the same key with another body is a 409.",
    tag: "transfers",
    body: createSplitBody,
    ok: { status: 201 },
    errors: ["USER_NOT_FOUND", "WALLET_NOT_FOUND", "INVALID_AMOUNT", "RATE_LIMITED"],
  }),
  ({ user, body, idempotencyKey }) => createSplit({ ...body, organiserId: user.id, idempotencyKey }),
);

export const GET = route(
  contractOf(featureOperations.mySplits, {
    summary: "The splits the caller organised or has a share in, newest first (the last 50)",
    description:
      "Lists the splits the caller organised or takes part in, newest first (at most 50), each with its shares, who owes them and their status now (paid, settled, pending or declined).",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => listSplits({ userId: user.id }),
);
