import { route } from "@/lib/server/http";
import { scrapeMetrics } from "@/lib/server/health/scrape-metrics";

/** Prometheus metrics for the operator's scraper (bearer METRICS_TOKEN; 404 without it). */
export const GET = route(
  {
    method: "GET",
    path: "/api/metrics",
    summary: "Prometheus metrics (text format) for a scraper holding METRICS_TOKEN; 404 when it is unset or not given",
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
