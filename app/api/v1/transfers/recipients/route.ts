import { route } from "@/lib/server/http";
import { recentRecipients } from "@/lib/server/ledger/recent-recipients";
import { recentRecipientListDto } from "@/lib/shared/schemas/transfers";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/transfers/recipients",
    summary: "The last 5 people the caller sent money to (newest first, each once), with the account that received it",
    description:
      "The people the caller paid most recently, newest first, each once, with the wallet that received the last payment; at most 5. Top-ups and transfers between own wallets are not listed.",
    tag: "transfers",
    ok: { status: 200, schema: recentRecipientListDto },
  },
  ({ user }) => recentRecipients({ callerId: user.id }),
);
