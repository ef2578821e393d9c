import { route } from "@/lib/server/http";
import { statementPdf } from "@/lib/server/statements/pdf";
import { admitStatementDownload } from "@/lib/server/statements/admit";
import { openStatementLink } from "@/lib/server/statements/link";
import { statementFileQuery } from "@/lib/shared/schemas/statements";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/statements/pdf",
    summary: "The statement a link from POST /api/v1/statements/link names, as PDF (A4, Cyrillic font embedded), streamed",
    description:
      "Streams the statement named by a signed link from POST /api/v1/statements/link as a PDF with an embedded Cyrillic font. Needs no bearer token: the link's token is the authority, valid 10 minutes; a forged or expired one is 404. A statement holds at most STATEMENT_MAX_ROWS movements (422 STATEMENT_TOO_LARGE), and its owner may download at most STATEMENT_DOWNLOAD_LIMIT_PER_USER files per 10 minutes (429).",
    tag: "wallets",
    auth: false,
    query: statementFileQuery,
    ok: { status: 200, contentType: "application/pdf" },
    errors: ["NOT_FOUND", "INVALID_DATE_RANGE", "WALLET_NOT_FOUND", "STATEMENT_TOO_LARGE", "RATE_LIMITED"],
  },
  async ({ query }) => {
    const { head, fileName } = await openStatementLink(query.token, "pdf");
    await admitStatementDownload(head);
    return new Response(statementPdf(head), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${fileName}"`,
        "x-content-type-options": "nosniff",
      },
    });
  },
);
