import { contractOf, json, route, type RouteHandler } from "@/lib/server/http";
import { operations } from "@/lib/shared/api/operations";
import { openApiDocument } from "@/lib/server/http/openapi";
import { API_ROUTES } from "./routes";

export const GET: RouteHandler = route(
  contractOf(operations.openApi, {
    summary: "This document",
    description:
      "The OpenAPI 3.1 description of every route, generated from the contracts the handlers are held to. Public.",
    tag: "meta",
    ok: { status: 200, contentType: "application/json" },
  }),
  // Every other route, and this one.
  async () => json(openApiDocument([...API_ROUTES, GET])),
);
