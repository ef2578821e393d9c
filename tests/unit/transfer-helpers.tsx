import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { SWRConfig } from "swr";

/** A recorded request the component made. */
export type Sent = { method: string; path: string; headers: Record<string, string>; body: unknown };

/** `{ network: true }`: no answer at all, as fetch rejects when offline. */
type Reply = { status: number; body: unknown } | { network: true };
type Handler = (sent: Sent) => Reply | undefined;

export const ME_WALLETS = [
  { id: 1, currency: "RUB", balance: 1_000_000, number: "4000000000000001" },
  { id: 2, currency: "USD", balance: 50_000, number: "4000000000000002" },
  { id: 3, currency: "CNY", balance: 70_000, number: "4000000000000003" },
];
export const BORIS = { id: 7, username: "boris", telegramVerified: true, telegramFirstName: null, avatarUrl: "/a/7.svg" };
export const BORIS_WALLETS = [
  { id: 11, currency: "RUB", number: "4000000000000011" },
  { id: 12, currency: "USD", number: "4000000000000012" },
  { id: 13, currency: "CNY", number: "4000000000000013" },
];
export const RATES: Record<string, number> = { USD: 90.1234, EUR: 98.5, CNY: 12.5 };

/** Default answers of a small fake API: own wallets, one recipient, rates. */
export function defaultReply(sent: Sent): Reply | undefined {
  const { method, path } = sent;
  if (method !== "GET") return undefined;
  if (path === "/api/v1/wallet") return { status: 200, body: ME_WALLETS };
  if (
    path === "/api/v1/users/username/boris" ||
    path === "/api/v1/users/email/boris%40example.com" ||
    /^\/api\/v1\/users\/by-wallet\/40000000000000(11|12|13)$/.test(path)
  ) {
    return { status: 200, body: BORIS };
  }
  if (path.startsWith("/api/v1/users/")) {
    return { status: 404, body: { message: "Пользователь не найден", code: "USER_NOT_FOUND" } };
  }
  if (path === "/api/v1/wallets/user/7") return { status: 200, body: BORIS_WALLETS };
  const rate = /^\/api\/v1\/rates\/([A-Z]{3})$/.exec(path);
  if (rate && RATES[rate[1]]) return { status: 200, body: { value: RATES[rate[1]] } };
  return undefined;
}

/**
 * Installs a fake `fetch`: `handlers` are asked first (in order), then the default answers.
 * Returns the list of requests made, for assertions.
 */
export function fakeApi(...handlers: Handler[]): Sent[] {
  const sent: Sent[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const entry: Sent = {
      method: init.method ?? "GET",
      path: input,
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(entry);
    const reply = handlers.reduce<Reply | undefined>((found, h) => found ?? h(entry), undefined) ??
      defaultReply(entry) ?? { status: 404, body: { message: "Не найдено", code: "NOT_FOUND" } };
    // Chromium's own words when the network is gone.
    if ("network" in reply) throw new TypeError("Failed to fetch");
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: String(reply.status),
      json: async () => reply.body,
    };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return sent;
}

/** Renders with a fresh SWR cache so tests never share data. */
export function renderWithSwr(ui: ReactElement) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      {ui}
    </SWRConfig>,
  );
}

export const posts = (sent: Sent[], path: string) =>
  sent.filter((s) => s.method === "POST" && s.path === path);
