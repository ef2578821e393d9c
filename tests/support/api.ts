// Calls real route handlers in-process, the way Next.js does.
import { issueTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db";

type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  /** Sent as is (a string body is not JSON-encoded, for malformed JSON tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
};

export async function call(handler: Handler, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const req = new Request(`http://localhost${options.path ?? "/api/v1/test"}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  return { status: res.status, body: json as any, headers: res.headers };
}

let counter = 0;

/** A new e-mail user with a valid access token. */
export async function createUser(data: { username?: string; email?: string } = {}) {
  counter += 1;
  const user = await getDb().user.create({
    data: {
      username: data.username ?? `user${counter}_${Date.now() % 100000}`,
      email: data.email ?? `user${counter}_${Date.now()}@example.com`,
    },
  });
  const tokens = await issueTokens(user.id);
  return { user, token: tokens.access_token, refreshToken: tokens.refresh_token };
}
