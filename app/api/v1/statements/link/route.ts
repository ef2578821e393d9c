import { contractOf, requestLanguage, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { checkStatementPeriod } from "@/lib/server/statements/admit";
import { createStatementLink } from "@/lib/server/statements/link";
import { statementLinkBody } from "@/lib/shared/schemas/statements";

export const POST = route(
  contractOf(featureOperations.statementLink, {
    summary:
      "A download link for a statement of one of the caller's accounts as CSV or PDF: works without the bearer token (Telegram's downloadFile fetches it) for 10 minutes",
    description:
      "Makes a signed link, valid 10 minutes, to one of the caller's accounts' statement for a period, as CSV or PDF, so that a download (Telegram's downloadFile, a browser) needs no bearer token. The link stops working when the session that made it is signed out or revoked. Another user's wallet is 404. A period with more than STATEMENT_MAX_ROWS movements is refused (422 STATEMENT_TOO_LARGE): choose a shorter one.",
    tag: "wallets",
    body: statementLinkBody,
    ok: { status: 201 },
    errors: ["WALLET_NOT_FOUND", "INVALID_DATE_RANGE", "STATEMENT_TOO_LARGE"],
  }),
  async ({ user, body, req }) => {
    const link = await createStatementLink({ userId: user.id, sessionId: user.sessionId, body, language: requestLanguage(req) });
    await checkStatementPeriod({ userId: user.id, walletId: body.walletId, period: body });
    return link;
  },
);
