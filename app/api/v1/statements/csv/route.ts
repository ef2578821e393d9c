import { route } from "@/lib/server/http";
import { statementCsv } from "@/lib/server/statements/csv";
import { openStatementLink } from "@/lib/server/statements/link";
import { statementFileQuery } from "@/lib/shared/schemas/statements";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/statements/csv",
    summary: "The statement a link from POST /api/v1/statements/link names, as CSV (UTF-8 with a byte-order mark, `;` separated, decimal commas), streamed",
    description:
      "Streams the statement named by a signed link from POST /api/v1/statements/link as CSV: UTF-8 with a byte-order mark, `;` separated, decimal commas (Russian Excel). Needs no bearer token: the link's token is the authority, valid 10 minutes; a forged or expired one is 404.",
    tag: "wallets",
    auth: false,
    query: statementFileQuery,
    ok: { status: 200, contentType: "text/csv" },
    errors: ["NOT_FOUND", "INVALID_DATE_RANGE", "WALLET_NOT_FOUND"],
  },
  async ({ query }) => {
    const { head, fileName } = await openStatementLink(query.token, "csv");
    return new Response(statementCsv(head), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName}"`,
        "x-content-type-options": "nosniff",
      },
    });
  },
);
