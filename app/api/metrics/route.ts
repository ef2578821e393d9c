import { route } from "@/lib/server/http";
import { scrapeMetrics } from "@/lib/server/health/scrape-metrics";

/** Prometheus metrics for the operator's scraper (bearer METRICS_TOKEN; 404 without it). */
export const GET = route(
  {
    method: "GET",
    path: "/api/metrics",
    summary: "Prometheus metrics (text format) for a scraper holding METRICS_TOKEN; 404 when it is unset or not given",
    description:
      "Prometheus text format (prom-client) for a scraper sending Authorization: Bearer <METRICS_TOKEN>. Without METRICS_TOKEN configured, or with a missing or wrong token, the endpoint does not exist (404). Labels carry route patterns, methods, statuses, currencies and channels — never user ids, addresses, tokens or path values.",
    tag: "health",
    auth: false,
    ok: { status: 200, contentType: "text/plain" },
    errors: ["NOT_FOUND"],
  },
  async ({ req }) => {
    const { body, contentType } = await scrapeMetrics(req.headers.get("authorization"));
    return new Response(body, { headers: { "content-type": contentType } });
  },
);
