import http from "node:http";
import type { ContractDocument } from "./document";

/**
 * A validation proxy: forwards every request to the backend unchanged and checks each answer of a
 * documented operation against the document (status, content type, headers, body schema). Each
 * breach is printed as it happens; the summary when the proxy stops.
 */

export type ProxySummary = { checked: number; breaches: number; lines: string[] };
export type ProxyOptions = {
  backend: string;
  port: number;
  host: string;
  document: ContractDocument;
  print: (line: string) => void;
  /** Called with the summary so far after every answer the proxy checked. */
  checkedOne?: (summary: ProxySummary) => void;
};
export type Proxy = { url: string; summary(): ProxySummary; close(): Promise<void> };

const HOP = ["host", "connection", "content-length", "transfer-encoding", "keep-alive", "content-encoding", "accept-encoding"];

/** Templates of the document's paths, static segments first, so /users/me is not read as /users/{id}. */
function matcher(document: ContractDocument): (pathname: string) => string | null {
  const templates = Object.keys(document.doc.paths ?? {})
    .map((template) => ({
      template,
      dynamic: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, "[^/]+")}$`),
    }))
    .sort((a, b) => a.dynamic - b.dynamic);
  return (pathname) => templates.find((t) => t.pattern.test(pathname))?.template ?? null;
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const { document, print } = options;
  const templateOf = matcher(document);
  let checked = 0;
  const lines: string[] = [];
  const breach = (line: string) => {
    lines.push(line);
    print(`BREACH  ${line}`);
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://proxy");
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP.includes(name)) for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
    }
    let upstream: Response;
    try {
      upstream = await fetch(`${options.backend}${url.pathname}${url.search}`, {
        method,
        headers,
        body: chunks.length && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`the backend did not answer: ${(error as Error).message}`);
      return;
    }
    const body = Buffer.from(await upstream.arrayBuffer());
    const out: Record<string, string[]> = {};
    upstream.headers.forEach((value, name) => {
      if (!HOP.includes(name)) out[name] = name === "set-cookie" ? upstream.headers.getSetCookie() : [value];
    });
    res.writeHead(upstream.status, out);
    res.end(body);

    const template = templateOf(url.pathname);
    if (!template) return;
    const operation = document.operation(method, template);
    const label = `${method} ${url.pathname}${url.search} → ${upstream.status}`;
    if (!operation) {
      // Methods the path does not serve are the backend's to refuse, with 405.
      if (upstream.status !== 405) breach(`${label}: ${method} is not documented for ${template}`);
      options.checkedOne?.(summary());
      return;
    }
    checked += 1;
    const contentType = upstream.headers.get("content-type") ?? "";
    let parsed: unknown = body.toString();
    if (contentType.startsWith("application/json")) {
      try {
        parsed = JSON.parse(body.toString());
      } catch {
        breach(`${label}: content-type JSON but the body is not JSON`);
        options.checkedOne?.(summary());
        return;
      }
    }
    const problems = document.check(method, template, { status: upstream.status, contentType, headers: upstream.headers, body: parsed });
    if (problems.length) breach(`${label}: ${problems.join("; ")}`);
    options.checkedOne?.(summary());
  });
  const summary = (): ProxySummary => ({ checked, breaches: lines.length, lines });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    url: `http://${options.host}:${options.port}`,
    summary,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
