import { contractOf, route } from "@/lib/server/http";
import { featureOperations } from "@/lib/shared/api/feature-operations";
import { readStatementHead } from "@/lib/server/statements/read-statement";
import { toSafeNumber } from "@/lib/shared/money";
import { statementQuery } from "@/lib/shared/schemas/statements";
import { walletIdParams } from "@/lib/shared/schemas/transfers";

export const GET = route(
  contractOf(featureOperations.statement, {
    summary:
      "Statement totals of one of the caller's accounts for calendar days from…to (inclusive) in the time zone tz (minutes east of UTC, default 180): opening + totalIn − totalOut = closing",
    description:
      "The totals of one of the caller's accounts for a period (from, to, an IANA time zone): opening balance, money in, money out and closing balance, computed from the postings so that opening + in − out = closing exactly. Another user's wallet is 404.",
    tag: "wallets",
    params: walletIdParams,
    query: statementQuery,
    ok: { status: 200 },
    errors: ["WALLET_NOT_FOUND", "INVALID_DATE_RANGE"],
  }),
  async ({ user, params, query }) => {
    const head = await readStatementHead({ userId: user.id, walletId: params.walletId, period: query });
    return {
      walletId: head.walletId,
      number: head.number,
      currency: head.currency,
      from: query.from,
      to: query.to,
      opening: toSafeNumber(head.opening),
      totalIn: toSafeNumber(head.totalIn),
      totalOut: toSafeNumber(head.totalOut),
      closing: toSafeNumber(head.closing),
      count: head.count,
    };
  },
);
