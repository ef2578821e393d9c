import { getEnv } from "@/lib/server/platform/env";
import { AppError } from "@/lib/server/platform/errors";
import { route } from "@/lib/server/http";
import { API_DOCS_CSP, commonSecurityHeaders } from "@/lib/server/http/security-headers";

/** Redoc reads the document itself: the page holds no inline script. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Minibank API</title>
<link rel="icon" href="data:,">
</head>
<body>
<redoc spec-url="/api/v1/openapi.json" hide-download-button="false"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** A readable reference of the OpenAPI document, in the demo only (Redoc, served from this origin). */
export const GET = route(
  {
    method: "GET",
    path: "/api/docs",
    summary: "Demo mode only: a readable reference of this document (Redoc, served from this origin; 404 otherwise)",
    description:
      "An HTML page that renders this document with Redoc. Demo mode only: production answers 404 NOT_FOUND, the document itself stays at /api/v1/openapi.json.",
    tag: "meta",
    auth: false,
    ok: { status: 200, contentType: "text/html" },
    errors: ["NOT_FOUND"],
  },
  async () => {
    if (!getEnv().demo) throw new AppError("NOT_FOUND");
    return new Response(PAGE, {
      headers: {
        ...commonSecurityHeaders({ dev: false, https: false }),
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": API_DOCS_CSP,
      },
    });
  },
);
