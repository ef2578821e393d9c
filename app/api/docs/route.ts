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

/** A readable reference of the OpenAPI document (Redoc, served from this origin): where the settings' developer link leads. */
export const GET = route(
  {
    method: "GET",
    path: "/api/docs",
    summary: "A readable reference of this document (Redoc, served from this origin)",
    description:
      "An HTML page that renders this document with Redoc, loading nothing from elsewhere. The document itself is at /api/v1/openapi.json.",
    tag: "meta",
    auth: false,
    ok: { status: 200, contentType: "text/html" },
  },
  async () => {
    return new Response(PAGE, {
      headers: {
        ...commonSecurityHeaders({ dev: false, https: false }),
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": API_DOCS_CSP,
      },
    });
  },
);
