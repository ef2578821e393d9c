import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  saveTokens,
} from "@/lib/client/session";
import { tokenPairDto } from "@/lib/client/dto";
import { apiUrl } from "@/lib/client/api-base";
import { takePreloaded } from "@/lib/client/preload";
import { currentLanguage } from "@/lib/client/language";
import { DICTIONARIES } from "@/lib/shared/i18n";

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
    super(DICTIONARIES[currentLanguage()].errors.network);
    this.name = "NetworkError";
  }
}

/**
 * Anything that checks an answer and returns it typed: the client's `zod/mini` DTOs
 * (lib/client/dto.ts), or a full zod schema.
 */
export type ResponseSchema<T> = { parse(data: unknown): T };

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
    const res = await fetch(apiUrl("/api/v1/auth/refresh"), {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token }),
    });
    if (!res.ok) return res.status === 401 ? "refused" : "unreachable";
    saveTokens(tokenPairDto.parse(await res.json()));
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  // The server answers errors in the language asked for: the screens' language (the settings
  // switch may differ from the browser's own Accept-Language).
  const headers: Record<string, string> = { accept: "application/json", "accept-language": currentLanguage(), ...options.headers };
  const token = options.anonymous ? null : getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const plainGet = !options.method && options.body === undefined && !options.headers;
  const early = plainGet && token ? takePreloaded(path, token) : null;
  if (early) return early.catch(() => send(path, options));
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
    return new ApiError(DICTIONARIES[currentLanguage()].errors.internal, res.status, "UNKNOWN");
  }
}

/**
 * The one way the client talks to the server: bearer token from session storage,
 * credentials included, one refresh on 401 and then sign-out. The answer is checked
 * against the response schema (lib/client/dto.ts restates the shared ones cheaply).
 */
export async function api<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && !options.anonymous) {
    if (await refreshOnce()) res = await send(path, options);
    if (res.status === 401) {
      signOut();
      throw await toError(res);
    }
  }
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return schema.parse(null);
  return schema.parse(await res.json());
}

/** The message to show for any failure: the server's text when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
