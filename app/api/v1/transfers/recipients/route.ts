import { contractOf, route } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { recentRecipients } from "@/lib/server/ledger/recent-recipients";

export const GET = route(
  contractOf(operations.recentRecipients, {
    summary: "The last 5 people the caller sent money to (newest first, each once), with the account that received it",
    description:
      "The people the caller paid most recently, newest first, each once, with the wallet that received the last payment; at most 5. Top-ups and transfers between own wallets are not listed.",
    tag: "transfers",
    ok: { status: 200 },
  }),
  ({ user }) => recentRecipients({ callerId: user.id }),
);
