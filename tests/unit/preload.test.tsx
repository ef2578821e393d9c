import { act, screen } from "@testing-library/react";
import { WalletTab } from "@/components/bank/wallet-tab";
import { call } from "@/lib/client/api";
import { operations } from "@/lib/shared/api/operations";
import { API_BASE_META, apiUrl } from "@/lib/client/api-base";
import { takePreloaded, takePreloadedData, WALLET_TAB_PATHS, walletTabPreloadScript } from "@/lib/client/preload";
import { fakeServer, ME, on, renderFresh, signIn } from "./bank-support";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), prefetch: jest.fn() }) }));
jest.mock("@/components/ton/ton-connect-button-lazy", () => ({ TonConnectButtonLazy: () => null }));

const WALLETS = [
  { id: 1, currency: "RUB", balance: 150_000, number: "2202000000000001" },
  { id: 2, currency: "USD", balance: 1_000, number: "2202000000000002" },
];
const ANSWERS: Record<string, unknown> = {
  "/api/v1/users/me": ME,
  "/api/v1/wallet": WALLETS,
  "/api/v1/rates/USD": { value: 90 },
  "/api/v1/rates/EUR": { value: 100 },
  "/api/v1/rates/CNY": { value: 12.5 },
};

type FakeResponse = { ok: boolean; status: number; json(): Promise<unknown>; clone(): FakeResponse };
function response(body: unknown, status = 200): FakeResponse {
  return { ok: status === 200, status, json: async () => body, clone: () => response(body, status) };
}

let fetchMock: jest.Mock;
function runScript(url = "/bank") {
  window.history.replaceState(null, "", url);
  fetchMock = jest.fn(async (path: string) => response(ANSWERS[path]));
  Object.assign(globalThis, { fetch: fetchMock });
  // The script as the page inlines it; it runs before any app code.
  new Function(walletTabPreloadScript())();
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sessionStorage.clear();
  delete (window as { __mbPreload?: unknown }).__mbPreload;
  jest.restoreAllMocks();
});

describe("/bank early requests", () => {
  it("asks for the wallet tab's data with the session's token", () => {
    signIn();
    runScript();
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([...WALLET_TAB_PATHS]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init.headers.authorization).toBe("Bearer access");
    }
  });

  it("asks the API's origin the page names at run time, as every other request does", () => {
    const meta = Object.assign(document.createElement("meta"), { name: API_BASE_META, content: "https://api.example.test/" });
    document.head.append(meta);
    try {
      signIn();
      runScript();
      expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(WALLET_TAB_PATHS.map((path) => `https://api.example.test${path}`));
      expect(apiUrl(WALLET_TAB_PATHS[0])).toBe(`https://api.example.test${WALLET_TAB_PATHS[0]}`);
      expect(apiUrl("/bank")).toBe("/bank");
    } finally {
      meta.remove();
    }
    expect(apiUrl(WALLET_TAB_PATHS[0])).toBe(WALLET_TAB_PATHS[0]);
  });

  it("asks for nothing without a session or on another tab", () => {
    runScript();
    expect(fetchMock).not.toHaveBeenCalled();
    signIn();
    runScript("/bank?tab=history");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hands each answer out once, only for the same token and only while fresh", async () => {
    signIn();
    runScript();
    expect(takePreloaded("/api/v1/users/me", "someone-else")).toBeNull();
    expect(takePreloaded("/api/v1/users/me", "access")).not.toBeNull();
    expect(takePreloaded("/api/v1/users/me", "access")).toBeNull();

    await settle();
    expect(takePreloadedData("/api/v1/rates/USD", "access")).toEqual({ value: 90 });
    expect(takePreloadedData("/api/v1/rates/USD", "access")).toBeUndefined();
    expect(takePreloaded("/api/v1/rates/USD", "access")).toBeNull();

    jest.spyOn(Date, "now").mockReturnValue(Date.now() + 11_000);
    expect(takePreloadedData("/api/v1/rates/EUR", "access")).toBeUndefined();
  });

  it("call() takes the early answer instead of asking again", async () => {
    signIn();
    runScript();
    expect(await call(operations.wallets)).toEqual(WALLETS);
    expect(fetchMock).toHaveBeenCalledTimes(WALLET_TAB_PATHS.length);
    await call(operations.wallets);
    expect(fetchMock).toHaveBeenCalledTimes(WALLET_TAB_PATHS.length + 1);
  });

  it("the wallet tab's first render shows answers that have already arrived, without asking", async () => {
    signIn();
    runScript();
    await settle();
    const calls = fakeServer(on("GET", /.*/, { status: 500, body: { message: "x", code: "INTERNAL" } }));
    renderFresh(<WalletTab />);
    // Σ 1 500,00 ₽ + 10,00 $ × 90 = 2 400,00 ₽, in the very first render.
    expect(screen.getByTestId("total-balance")).toHaveTextContent("2 400,00 ₽");
    await act(settle);
    expect(calls).toEqual([]);
  });
});
