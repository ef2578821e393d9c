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

/** The request passed on to the backend; its answer, or null once the client was told it failed (502). */
async function forward(backend: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<{ upstream: Response; body: Buffer } | null> {
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
    upstream = await fetch(`${backend}${url.pathname}${url.search}`, {
      method,
      headers,
      body: chunks.length && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
  } catch (error) {
    res.writeHead(502, { "content-type": "text/plain" });
    res.end(`the backend did not answer: ${(error as Error).message}`);
    return null;
  }
  const body = Buffer.from(await upstream.arrayBuffer());
  const out: Record<string, string[]> = {};
  upstream.headers.forEach((value, name) => {
    if (!HOP.includes(name)) out[name] = name === "set-cookie" ? upstream.headers.getSetCookie() : [value];
  });
  res.writeHead(upstream.status, out);
  res.end(body);
  return { upstream, body };
}

/** The breach an answer commits against the document, if any; whether the operation is documented. */
function judge(document: ContractDocument, method: string, template: string, label: string, upstream: Response, body: Buffer): { checked: boolean; breach?: string } {
  if (!document.operation(method, template)) {
    // Methods the path does not serve are the backend's to refuse, with 405.
    return { checked: false, breach: upstream.status !== 405 ? `${label}: ${method} is not documented for ${template}` : undefined };
  }
  const contentType = upstream.headers.get("content-type") ?? "";
  let parsed: unknown = body.toString();
  if (contentType.startsWith("application/json")) {
    try {
      parsed = JSON.parse(body.toString());
    } catch {
      return { checked: true, breach: `${label}: content-type JSON but the body is not JSON` };
    }
  }
  const problems = document.check(method, template, { status: upstream.status, contentType, headers: upstream.headers, body: parsed });
  return { checked: true, breach: problems.length ? `${label}: ${problems.join("; ")}` : undefined };
}

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const { document, print } = options;
  const templateOf = matcher(document);
  let checked = 0;
  const lines: string[] = [];

  const server = http.createServer(async (req, res) => {
    const answered = await forward(options.backend, req, res);
    if (!answered) return;
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://proxy");
    const template = templateOf(url.pathname);
    if (!template) return;
    const verdict = judge(document, method, template, `${method} ${url.pathname}${url.search} → ${answered.upstream.status}`, answered.upstream, answered.body);
    if (verdict.checked) checked += 1;
    if (verdict.breach) {
      lines.push(verdict.breach);
      print(`BREACH  ${verdict.breach}`);
    }
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
