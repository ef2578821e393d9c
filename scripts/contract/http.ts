import { noteMade } from "./made";
import { EnvironmentError, networkProblem } from "./outcome";
import { noteWait, observe } from "./report";
import { tapeExchange } from "./tape";

export type { Reply, Request } from "./wire";
import type { Reply, Request } from "./wire";

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

const textOf = (request: Request): string | undefined => request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));

function headersOf(request: Request): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined || request.rawBody !== undefined) headers["content-type"] = "application/json";
  return headers;
}

/** How long the run waits for a documented 429 or 503 that names its Retry-After, and how often. */
const patience = { maxWaitMs: 30_000, retries: 3 };

export function setPatience(maxWaitMs: number): void {
  patience.maxWaitMs = maxWaitMs;
}

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(headers: Headers): number | null {
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function sendOnce(baseUrl: string, request: Request): Promise<Reply> {
  const url = urlOf(baseUrl, request);
  let res: Response;
  let body: string;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: headersOf(request),
      body: textOf(request),
      redirect: "manual",
    });
    body = await res.text();
  } catch (error) {
    throw networkProblem(url, error);
  }
  const contentType = res.headers.get("content-type") ?? "";
  let parsed: unknown = body;
  if (contentType.startsWith("application/json")) {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = body;
    }
  }
  return { status: res.status, contentType, headers: res.headers, body: parsed, text: body };
}

export type SendOptions = {
  /**
   * Whether a 429 or 503 carrying Retry-After is waited for and sent again (the default): a
   * documented "come back later" is honoured and counted, not held against the server. Off where
   * the caller predicts that very refusal (the limits it knows).
   */
  honourRetryAfter?: boolean;
  /** The statuses the caller will hold the answer to, taped with it: a replay holds the answer to them again. */
  expect?: number[];
};

/**
 * Sends one request; a 429/503 with Retry-After within the run's patience is waited for and sent
 * again (counted in the report), one asking for a longer wait is answered as it is (see
 * `cameBackLater`). An unreachable server throws an EnvironmentError.
 */
export async function send(baseUrl: string, request: Request, options: SendOptions = {}): Promise<Reply> {
  for (let attempt = 0; ; attempt += 1) {
    const reply = await sendOnce(baseUrl, request);
    observe(request.method, request.path, reply.status, reply.body);
    noteMade(request.method, request.path, reply.status, reply.body);
    const wait = reply.status === 429 || reply.status === 503 ? retryAfterMs(reply.headers) : null;
    if (wait === null || options.honourRetryAfter === false || wait > patience.maxWaitMs || attempt >= patience.retries) {
      tapeExchange(request, reply, options.expect);
      return reply;
    }
    noteWait(request.method, request.path, reply.status, wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Why an unexpected answer is the environment's rather than the server's, or null: a documented
 * 503 (temporarily unavailable), or a documented 429 the caller does not model (a limit of the
 * server's it was not told, its Retry-After past the run's patience).
 */
export function cameBackLater(documented: boolean, request: Request, reply: Reply): EnvironmentError | null {
  if (!documented || (reply.status !== 429 && reply.status !== 503)) return null;
  const wait = retryAfterMs(reply.headers);
  const after = wait === null ? "without Retry-After" : `with Retry-After ${Math.ceil(wait / 1000)} s (the run waits at most ${patience.maxWaitMs / 1000} s: --max-wait)`;
  const code = (reply.body as { code?: unknown } | null)?.code;
  return new EnvironmentError(`${request.method} ${request.path} answered ${reply.status}${typeof code === "string" ? ` ${code}` : ""} ${after}: documented, so not held against the server`);
}

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** A shell line that sends the same request again. */
export function curlOf(baseUrl: string, request: Request): string {
  const parts = ["curl -i", `-X ${request.method}`, quote(urlOf(baseUrl, request))];
  for (const [name, value] of Object.entries(headersOf(request))) if (name !== "accept") parts.push(`-H ${quote(`${name}: ${value}`)}`);
  const text = textOf(request);
  // An oversized body ({"pad":"xxx…"}) is written as the shell command that makes it.
  const pad = text !== undefined && text.length > 2000 ? /^\{"pad":"(x+)"\}$/.exec(text)?.[1].length : undefined;
  if (pad) parts.push(`--data-raw "{\\"pad\\":\\"$(head -c ${pad} /dev/zero | tr '\\0' x)\\"}"`);
  else if (text !== undefined) parts.push(`--data-raw ${quote(text)}`);
  return parts.join(" ");
}
