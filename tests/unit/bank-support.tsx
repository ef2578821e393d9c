import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { SWRConfig } from "swr";

/** A request the component made, as the fake server saw it. */
export type Call = { method: string; path: string; body: unknown; auth: string | undefined };
export type Reply = { status: number; body?: unknown };
/** Answers a request, or returns undefined to fall through to a 404. */
export type Route = (call: Call) => Reply | Promise<Reply> | undefined;

/**
 * Replaces `fetch` with a tiny fake server made of `routes` (first answer wins; otherwise 404).
 * Returns the list of calls for assertions.
 */
export function fakeServer(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? "GET",
      path: input,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.authorization,
    };
    calls.push(call);
    let reply: Reply | undefined;
    for (const route of routes) {
      reply = await route(call);
      if (reply) break;
    }
    reply ??= { status: 404, body: { message: "Не найдено", code: "NOT_FOUND" } };
    const { status, body } = reply;
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      json: async () => body,
    };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return calls;
}

/** A route answering one method + path with a fixed reply. */
export function on(method: string, path: string | RegExp, reply: Reply): Route {
  return (call) =>
    call.method === method && (typeof path === "string" ? call.path === path : path.test(call.path))
      ? reply
      : undefined;
}

/** Renders with a fresh SWR cache, so tests never share data. */
export function renderFresh(ui: ReactElement) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      {ui}
    </SWRConfig>,
  );
}

export const ME = {
  id: 1,
  username: "anna",
  email: "anna@example.com",
  telegramUsername: null,
  telegramFirstName: null,
  avatarUrl: "/api/v1/avatars/1.svg",
  notification: true,
  botMayWrite: null,
};

export function signIn() {
  sessionStorage.setItem("access_token", "access");
  sessionStorage.setItem("refresh_token", "refresh");
}
