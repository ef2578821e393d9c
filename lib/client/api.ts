import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  saveTokens,
} from "@/lib/client/session";
import { apiUrl } from "@/lib/client/api-base";
import { takePreloaded } from "@/lib/client/preload";
import { currentLanguage, currentStrings } from "@/lib/client/language";
import type { Check } from "@/lib/shared/api/check";
import {
  operations,
  pathOf,
  isPathOf,
  type BodyOf,
  type AnswerOf,
  type Operation,
  type PathParams,
  type QueryOf,
  type ResponseOf,
} from "@/lib/shared/api/operations";

/**
 * An API failure: the server's `message` (in the language the request asked for) to show, and its
 * machine `code` to act on — never the words, whose language may change.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * The request got no answer at all (offline, connection reset): whether the server acted on it
 * is unknown. A retry of a money request must reuse its idempotency key.
 */
export class NetworkError extends Error {
  constructor(readonly cause: unknown) {
    super(currentStrings().errors.network);
    this.name = "NetworkError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Sign-in calls must not trigger the refresh-then-logout dance. */
  anonymous?: boolean;
};

type Renewal = "renewed" | "refused" | "unreachable";

/** Trades a refresh token for a new pair (kept on success). */
async function renew(refresh_token: string): Promise<Renewal> {
  try {
    const res = await fetch(apiUrl(pathOf(operations.refresh)), {
      method: operations.refresh.method,
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token }),
    });
    if (!res.ok) return res.status === 401 ? "refused" : "unreachable";
    saveTokens(operations.refresh.response.parse(await res.json()));
    return "renewed";
  } catch {
    return "unreachable";
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh attempt shared by every request that got a 401 at the same time. */
async function refreshOnce(): Promise<boolean> {
  const refresh_token = getRefreshToken();
  if (!refresh_token) return false;
  refreshing ??= renew(refresh_token)
    .then((outcome) => outcome === "renewed")
    .finally(() => setTimeout(() => (refreshing = null), 0));
  return refreshing;
}

/**
 * Signs in again with a refresh token kept from an earlier visit: "renewed" (the session is back),
 * "refused" (expired, revoked or reused: forget it) or "unreachable" (try another time).
 */
export function resumeSession(refreshToken: string): Promise<Renewal> {
  return renew(refreshToken);
}

/** Called when the session is gone for good: tokens removed, back to the welcome screen. */
export function signOut(): void {
  clearSession();
  if (typeof window !== "undefined" && window.location.pathname !== "/") {
    // A full reload on purpose: it drops every cached response of the ended session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/");
  }
}

async function attempt(path: string, options: RequestOptions): Promise<Response> {
  // The server answers errors in the language asked for: the screens' language (the settings
  // switch may differ from the browser's own Accept-Language).
  const headers: Record<string, string> = { accept: "application/json", "accept-language": currentLanguage(), ...options.headers };
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const plainGet = !options.method && options.body === undefined && !options.headers;
  const early = plainGet && token ? takePreloaded(path, token) : null;
  if (early) return early.catch(() => attempt(path, options));
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? "GET",
      credentials: "include",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    // fetch rejects only when no answer came (its messages are English and browser-specific).
    throw new NetworkError(error);
  }
}

async function toError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { message?: string; code?: string };
    return new ApiError(body.message ?? res.statusText, res.status, body.code ?? "UNKNOWN");
  } catch {
    return new ApiError(currentStrings().errors.internal, res.status, "UNKNOWN");
  }
}

/**
 * The one way the client talks to the server: bearer token from session storage,
 * credentials included, one refresh on 401 and then sign-out. The answer is checked
 * against the operation's answer (lib/shared/api/dtos.ts).
 */
async function send<T>(path: string, check: Check<T>, options: RequestOptions): Promise<T> {
  let res = await attempt(path, options);
  if (res.status === 401 && !options.anonymous) {
    if (await refreshOnce()) res = await attempt(path, options);
    if (res.status === 401) {
      signOut();
      throw await toError(res);
    }
  }
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return check.parse(null);
  return check.parse(await res.json());
}

/** What a call of an operation takes: its path's values, its body, its query, its idempotency key. */
export type CallInput<O extends Operation> = ([PathParams<O["path"]>] extends [never] ? unknown : { params: PathParams<O["path"]> }) &
  ([BodyOf<O>] extends [undefined] ? unknown : { body: BodyOf<O> }) &
  ([QueryOf<O>] extends [undefined] ? unknown : { query?: QueryOf<O> }) &
  (O extends { idempotent: true } ? { idempotencyKey: string } : unknown);

type AnyInput = { params?: Record<string, string | number>; body?: unknown; query?: object; idempotencyKey?: string };

/**
 * Calls an operation of the table (lib/shared/api/operations.ts): `call(operations.receipt,
 * { params: { id } })`. The path, the method and the answer's check come from the table; an
 * anonymous operation sends no bearer token and never triggers the refresh-then-sign-out dance.
 */
export function call<O extends Operation>(
  operation: O,
  ...[input]: object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>]
): Promise<AnswerOf<O>> {
  const { params, body, query, idempotencyKey } = (input ?? {}) as AnyInput;
  return send(pathOf(operation, params, query), (operation.reads ?? operation.response) as Check<AnswerOf<O>>, {
    // A plain GET keeps no method, so that it may take the wallet tab's early answer (preload.ts).
    method: operation.method === "GET" ? undefined : operation.method,
    body,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined,
    anonymous: operation.anonymous,
  });
}

/**
 * The SWR key of a read: its path (query included), the same string the wallet tab's early
 * requests use. Null (no request) when `params` is null.
 */
export function keyOf<O extends Operation & { method: "GET" }>(
  operation: O,
  ...[params, query]: [PathParams<O["path"]>] extends [never]
    ? [params?: undefined, query?: QueryOf<O>]
    : [params: PathParams<O["path"]> | null, query?: QueryOf<O>]
): string | null {
  if (params === null) return null;
  return pathOf(operation, params as Record<string, string | number> | undefined, query as object | undefined);
}

/** The fetcher of a read's SWR key (made by `keyOf` for the same operation). */
export function fetcherOf<O extends Operation & { method: "GET" }>(operation: O): (key: string) => Promise<ResponseOf<O>> {
  return (key) => send(key, operation.response as Check<ResponseOf<O>>, {});
}

/** The message to show for any failure: the server's text when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * An SWR key filter for `mutate`: true for the keys of these read operations (whatever their
 * values), so an invalidation names what it refreshes.
 */
export function keysOf(...reads: readonly (Operation & { method: "GET" })[]): (key: unknown) => boolean {
  return (key) => typeof key === "string" && reads.some((operation) => isPathOf(operation, key));
}
