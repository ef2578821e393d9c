import * as sdk from "@telegram-apps/sdk-react";
import { getRefreshToken, saveTokens, clearSession } from "@/lib/client/session";
import { keepSession } from "@/lib/client/telegram/keep-session";
import { tokenVault, VAULT_KEY } from "@/lib/client/telegram/token-vault";

type Store = "works" | "unsupported" | "silent";

/**
 * A Telegram client behind the real SDK (its mock environment): SecureStorage and DeviceStorage
 * as Telegram documents their methods and events, each able to fail ("UNSUPPORTED", as Telegram
 * Desktop answers for SecureStorage) or never answer.
 */
function fakeClient(options: { version: string; secure?: Store; device?: Store }) {
  const stores = { secure: new Map<string, string>(), device: new Map<string, string>() };
  const calls: string[] = [];
  sdk.mockTelegramEnv({
    resetPostMessage: true,
    launchParams: new URLSearchParams([
      ["tgWebAppThemeParams", "{}"],
      ["tgWebAppVersion", options.version],
      ["tgWebAppPlatform", "ios"],
    ]),
    onEvent(event) {
      const [name, raw] = event as unknown as [string, { req_id: string; key: string; value?: string | null }];
      const match = /^web_app_(secure|device)_storage_(get|save)_key$/.exec(name);
      if (!match) return;
      calls.push(name);
      const kind = match[1] as "secure" | "device";
      const behaviour = options[kind] ?? "works";
      if (behaviour === "silent") return;
      const emit = (suffix: string, payload: object) =>
        setTimeout(() => sdk.emitEvent(`${kind}_storage_${suffix}` as "secure_storage_failed", { req_id: raw.req_id, ...payload } as never), 0);
      if (behaviour === "unsupported") return emit("failed", { error: "UNSUPPORTED" });
      if (match[2] === "get") return emit("key_received", { value: stores[kind].get(raw.key) ?? null });
      if (raw.value === null || raw.value === undefined) stores[kind].delete(raw.key);
      else stores[kind].set(raw.key, raw.value);
      emit("key_saved", {});
    },
  });
  const env = { sdk, native: true, launchParams: { tgWebAppVersion: options.version } };
  return { env, stores, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe("the token vault", () => {
  it("keeps the token in SecureStorage on a 9.0 client", async () => {
    const client = fakeClient({ version: "9.0" });
    const vault = tokenVault(client.env)!;
    expect(vault.kind).toBe("secure");
    await vault.write("r1");
    expect(client.stores.secure.get(VAULT_KEY)).toBe("r1");
    expect(await vault.read()).toBe("r1");
    await vault.write(null);
    expect(client.stores.secure.has(VAULT_KEY)).toBe(false);
    expect(client.stores.device.size).toBe(0);
  });

  it("falls back to DeviceStorage where SecureStorage answers UNSUPPORTED", async () => {
    const client = fakeClient({ version: "9.1", secure: "unsupported" });
    const vault = tokenVault(client.env)!;
    await vault.write("r2");
    expect(vault.kind).toBe("device");
    expect(client.stores.device.get(VAULT_KEY)).toBe("r2");
    expect(await vault.read()).toBe("r2");
  });

  it("offers nothing on a client older than Bot API 9.0, or outside Telegram", () => {
    expect(tokenVault(fakeClient({ version: "8.0" }).env)).toBeNull();
    expect(tokenVault({ ...fakeClient({ version: "9.0" }).env, native: false })).toBeNull();
  });

  it("fails (not hangs) when neither store answers", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "queueMicrotask", "nextTick"] });
    try {
      const vault = tokenVault(fakeClient({ version: "9.0", secure: "silent", device: "silent" }).env)!;
      const read = vault.read();
      const outcome = read.then(() => "read", () => "failed");
      await jest.advanceTimersByTimeAsync(7_000);
      expect(await outcome).toBe("failed");
    } finally {
      jest.useRealTimers();
    }
  });
});

describe("keeping the session inside Telegram", () => {
  const answer = (status: number, body: unknown) =>
    jest.fn(async () => ({ ok: status === 200, status, json: async () => body }) as Response);

  it("a kept refresh token signs in again silently; the rotated one is kept, logout removes it", async () => {
    const client = fakeClient({ version: "9.0" });
    client.stores.secure.set(VAULT_KEY, "kept");
    const fetchMock = answer(200, { access_token: "a2", refresh_token: "r2" });
    Object.assign(globalThis, { fetch: fetchMock });
    expect(await keepSession(client.env)).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/refresh");
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: "kept" });
    expect(getRefreshToken()).toBe("r2");
    await flush();
    expect(client.stores.secure.get(VAULT_KEY)).toBe("r2");
    saveTokens({ access_token: "a3", refresh_token: "r3" });
    await flush();
    expect(client.stores.secure.get(VAULT_KEY)).toBe("r3");
    clearSession();
    await flush();
    expect(client.stores.secure.has(VAULT_KEY)).toBe(false);
  });

  it("a token the server refuses (expired, revoked, reused) is forgotten", async () => {
    const client = fakeClient({ version: "9.0" });
    client.stores.secure.set(VAULT_KEY, "reused");
    Object.assign(globalThis, { fetch: answer(401, { message: "x", code: "UNAUTHORIZED" }) });
    expect(await keepSession(client.env)).toBe(false);
    await flush();
    expect(client.stores.secure.has(VAULT_KEY)).toBe(false);
    expect(getRefreshToken()).toBeNull();
  });

  it("an unreachable server keeps the token for next time", async () => {
    const client = fakeClient({ version: "9.0" });
    client.stores.secure.set(VAULT_KEY, "kept");
    Object.assign(globalThis, { fetch: jest.fn(async () => Promise.reject(new TypeError("offline"))) });
    expect(await keepSession(client.env)).toBe(false);
    await flush();
    expect(client.stores.secure.get(VAULT_KEY)).toBe("kept");
  });

  it("a tab that already has a session reads nothing and keeps its token", async () => {
    const client = fakeClient({ version: "9.0" });
    sessionStorage.setItem("access_token", "a1");
    sessionStorage.setItem("refresh_token", "r1");
    const fetchMock = jest.fn();
    Object.assign(globalThis, { fetch: fetchMock });
    expect(await keepSession(client.env)).toBe(false);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.calls).toEqual(["web_app_secure_storage_save_key"]);
    expect(client.stores.secure.get(VAULT_KEY)).toBe("r1");
  });

  it("an old client changes nothing: session storage only", async () => {
    const client = fakeClient({ version: "8.0" });
    expect(await keepSession(client.env)).toBe(false);
    saveTokens({ access_token: "a", refresh_token: "r" });
    await flush();
    expect(client.calls).toEqual([]);
  });
});
