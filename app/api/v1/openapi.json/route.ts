import { json, route } from "@/lib/server/http";
import { openApiDocument } from "@/lib/server/openapi";

export const GET = route(
  {
    method: "GET",
    path: "/api/v1/openapi.json",
    summary: "This document",
    description:
      "The OpenAPI 3.1 description of every route, generated from the contracts the handlers are held to. Public.",
    tag: "meta",
    auth: false,
    ok: { status: 200, contentType: "application/json" },
  },
  // Loaded on first use: the list of routes includes this one.
  async () => json(openApiDocument((await import("./routes")).API_ROUTES)),
);
