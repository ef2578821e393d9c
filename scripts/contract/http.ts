import { observe } from "./report";

/** One request as the generated and stateful phases build it, and its answer. */

export type Request = {
  method: string;
  /** The document's path template. */
  path: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: unknown;
  /** Bearer token; a string that is not a token is sent as it is. */
  token?: string;
};

export type Reply = { status: number; contentType: string; headers: Headers; body: unknown; text: string };

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function urlOf(baseUrl: string, request: Request): string {
  const path = request.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(request.params[name] ?? "")));
  const query = new URLSearchParams(
    Object.entries(request.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, text(v)]),
  ).toString();
  return `${baseUrl}${path}${query ? `?${query}` : ""}`;
}

function headersOf(request: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  return headers;
}

export async function send(baseUrl: string, request: Request): Promise<Reply> {
  const res = await fetch(urlOf(baseUrl, request), {
    method: request.method,
    headers: headersOf(request),
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: "manual",
  });
  const body = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let parsed: unknown = body;
  if (contentType.startsWith("application/json")) {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  observe(request.method, request.path, res.status, parsed);
  return { status: res.status, contentType, headers: res.headers, body: parsed, text: body };
}

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** A shell line that sends the same request again. */
export function curlOf(baseUrl: string, request: Request): string {
  const parts = ["curl -i", `-X ${request.method}`, quote(urlOf(baseUrl, request))];
  for (const [name, value] of Object.entries(headersOf(request))) if (name !== "accept") parts.push(`-H ${quote(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`--data-raw ${quote(JSON.stringify(request.body))}`);
  return parts.join(" ");
}
