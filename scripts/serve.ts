/**
 * The production HTTP server (`npm start` and `npm run demo` run it after migrating): Next.js's
 * own request handler behind a plain Node server that does the two things only the socket can —
 *  - decides the client's address (lib/server/http/client-ip.ts, TRUST_PROXY) and hands it to the
 *    route handlers in a header it always overwrites;
 *  - answers a request target Next.js cannot take — a path whose percent-encoding is malformed,
 *    `OPTIONS *`, an absolute URL (`GET http://evil.example/…`, which Next.js would redirect to
 *    that host) — with a 400 (Next.js would fail with a plain-text 500): JSON for the API, a
 *    short page in the app's language for pages, and one structured log line;
 *  - answers CORS preflights for /api/v1 (CORS_ORIGINS, lib/server/http/cors.ts);
 *  - starts at most a few requests per turn of the event loop, so that a busy server still
 *    accepts new connections at the pace it answers (lib/server/http/paced.ts).
 * Listens on PORT (3000) and HOSTNAME (0.0.0.0); ends cleanly on SIGTERM/SIGINT: it stops
 * accepting connections (a new one is refused, so a load balancer sends it elsewhere), lets the
 * requests under way finish, then stops its background work and closes the database, each phase
 * within SHUTDOWN_TIMEOUT_SECONDS (10), and exits 0.
 */
import http from "node:http";
import path from "node:path";
import next from "next";
import { CLIENT_IP_HEADER, clientIpOf } from "@/lib/server/http/client-ip";
import { preflightHeaders } from "@/lib/server/http/cors";
import { pacedHandler } from "@/lib/server/http/paced";
import { parseCorsOrigins, parseTrustProxy } from "@/lib/server/platform/network";
import { logger } from "@/lib/server/platform/log";
import { runShutdownHooks, shutdownTimeoutMs } from "@/lib/server/platform/shutdown";
import { apiStaticHeaders } from "@/lib/server/http/security-headers";
import { DICTIONARIES } from "@/lib/shared/i18n";

const { ru } = DICTIONARIES;

function malformedPath(url: string): boolean {
  const pathname = url.split("?")[0];
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * Not a path ("/…"): `OPTIONS *`, or an absolute URL ("http://evil.example/…"), which Next.js
 * would answer with a redirect to its host. A reverse proxy in front sends paths only.
 */
function unusableTarget(url: string): boolean {
  return !url.startsWith("/");
}

function badRequest(res: http.ServerResponse, api: boolean): void {
  const headers = { ...apiStaticHeaders(), "cache-control": "no-store" };
  if (api) {
    res.writeHead(400, { ...headers, "content-type": "application/json" });
    res.end(JSON.stringify({ message: ru.errors.validation, code: "VALIDATION_ERROR" }));
    return;
  }
  // No script and no style: the API's CSP (default-src 'none') fits this page too.
  res.writeHead(400, { ...headers, "content-type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>Minibank</title></head><body><h1>${ru.errors.badAddress}</h1><p><a href="/">${ru.errors.toStart}</a></p></body></html>`,
  );
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? "3000");
  const hostname = process.env.HOSTNAME ?? "0.0.0.0";
  const trustedProxies = parseTrustProxy(process.env.TRUST_PROXY);
  const corsOrigins = parseCorsOrigins(process.env.CORS_ORIGINS);
  const app = next({ dev: false, dir: path.resolve(__dirname, ".."), hostname, port });
  // A few requests started per turn of the event loop (lib/server/http/paced.ts): Node.js accepts
  // one new connection per turn, so turns must stay short under load.
  const handle = pacedHandler(app.getRequestHandler());
  await app.prepare();

  const server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
    const url = req.url ?? "/";
    if (req.method === "OPTIONS" && url.startsWith("/api/v1/")) {
      // CORS preflight (lib/server/http/cors.ts): allowed origins get the rules, others nothing.
      const origin = typeof req.headers.origin === "string" ? req.headers.origin : null;
      res.writeHead(204, { ...preflightHeaders(origin, corsOrigins), "cache-control": "no-store" });
      res.end();
      return;
    }
    if (unusableTarget(url) || malformedPath(url)) {
      const api = url.startsWith("/api/") || !url.startsWith("/");
      badRequest(res, api);
      logger.info({ method: req.method, route: api ? "/api/[malformed]" : "/[malformed]", status: 400 }, "request");
      return;
    }
    void handle(req, res);
  });
  server.listen(port, hostname, () => logger.info({ port, hostname, trustedProxies }, "listening"));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      const timeout = shutdownTimeoutMs();
      logger.info({ signal, timeoutMs: timeout }, "stopping");
      // No new connections. Idle keep-alive connections are closed as they become idle, so a
      // client's next request goes elsewhere instead of reaching a server that is going away.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const drained = Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, timeout))]).finally(() => {
        clearInterval(idle);
        server.closeAllConnections();
      });
      // Then the background work settles what it has under way (a notification being sent is
      // recorded as sent, not left to be sent again once its lease ends) and the database closes.
      void drained
        .then(() => runShutdownHooks(timeout))
        .finally(() => {
          logger.info("stopped");
          process.exit(0);
        });
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
