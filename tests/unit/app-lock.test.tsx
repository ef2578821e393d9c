import * as realSdk from "@telegram-apps/sdk-react";
import type { TelegramEnv } from "@/lib/client/telegram/env";

type Lock = typeof import("@/lib/client/telegram/app-lock");
const available = <T extends (...args: never[]) => unknown>(fn: T, isAvailable = true) => Object.assign(fn, { isAvailable: () => isAvailable });

/** A fake BiometricManager behind the real version table; `answers` script the user. */
function fakeEnv(options: { version?: string; available?: boolean; tokenSaved?: boolean; access?: boolean; auth?: "authorized" | "failed"; mountFails?: boolean } = {}) {
  const calls: string[] = [];
  const state = { available: options.available ?? true, accessGranted: false, accessRequested: false, tokenSaved: options.tokenSaved ?? false, deviceId: "d", type: "face" };
  const biometry = {
    isMounted: () => false,
    mount: available(jest.fn(async () => {
      calls.push("mount");
      if (options.mountFails) throw new Error("no answer");
    })),
    state: () => state,
    requestAccess: available(jest.fn(async ({ reason }: { reason: string }) => {
      calls.push(`access: ${reason}`);
      state.accessGranted = options.access ?? true;
      return state.accessGranted;
    })),
    authenticate: available(jest.fn(async ({ reason }: { reason: string }) => {
      calls.push(`auth: ${reason}`);
      return { status: options.auth ?? "authorized" };
    })),
    updateToken: available(jest.fn(async ({ token }: { token: string }) => {
      calls.push(token ? "token saved" : "token removed");
      return token ? "updated" : "removed";
    })),
  };
  const env = {
    sdk: { supports: realSdk.supports, biometry },
    native: true,
    launchParams: { tgWebAppVersion: options.version ?? "8.0", tgWebAppPlatform: "ios" },
  } as unknown as TelegramEnv;
  return { env, calls };
}

let lock: Lock;
beforeEach(() => {
  localStorage.clear();
  jest.isolateModules(() => {
    lock = jest.requireActual("@/lib/client/telegram/app-lock");
  });
});

describe("the app lock", () => {
  it("is not offered outside Telegram, before Bot API 7.2, without biometrics on the device, or when the client does not answer", async () => {
    expect(await lock.deviceBiometry({ ...fakeEnv().env, native: false })).toBeNull();
    expect(await lock.deviceBiometry(fakeEnv({ version: "7.1" }).env)).toBeNull();
    expect(await lock.deviceBiometry(fakeEnv({ available: false }).env)).toBeNull();
    expect(await lock.deviceBiometry(fakeEnv({ mountFails: true }).env)).toBeNull();
    expect(await lock.deviceBiometry(fakeEnv({ version: "7.2" }).env)).not.toBeNull();
  });

  it("turns on after access (with its reason) and one passed check; Telegram's saved token marks it on", async () => {
    const { env, calls } = fakeEnv();
    const biometry = (await lock.deviceBiometry(env))!;
    expect(lock.lockIsOn(biometry)).toBe(false);
    expect(await lock.turnLockOn(biometry)).toBe(true);
    expect(calls).toEqual(["mount", "access: Чтобы защитить кошелёк биометрией", "auth: Включить блокировку Minibank", "token saved"]);
    expect(lock.lockIsOn(biometry)).toBe(true);
    expect(await lock.turnLockOff(biometry)).toBe(true);
    expect(lock.lockIsOn(biometry)).toBe(false);
  });

  it("stays off when access is refused or the check fails", async () => {
    const refused = fakeEnv({ access: false });
    expect(await lock.turnLockOn((await lock.deviceBiometry(refused.env))!)).toBe(false);
    expect(refused.calls).not.toContain("token saved");
    const failed = fakeEnv({ auth: "failed" });
    const biometry = (await lock.deviceBiometry(failed.env))!;
    expect(await lock.turnLockOn(biometry)).toBe(false);
    expect(lock.lockIsOn(biometry)).toBe(false);
  });

  it("is due after the chosen minutes in the background, or with no record of leaving", () => {
    const now = Date.now();
    lock.saveLockPrefs({ afterMinutes: 5, aboveRub: 10_000 });
    expect(lock.lockDue(now)).toBe(true);
    lock.markHidden(now - 4 * 60_000);
    expect(lock.lockDue(now)).toBe(false);
    lock.markHidden(now - 5 * 60_000);
    expect(lock.lockDue(now)).toBe(true);
    lock.markActive();
    expect(lock.lockDue(now)).toBe(true);
  });

  it("reads only the offered choices back; anything else is the default", () => {
    localStorage.setItem("mb-app-lock", JSON.stringify({ afterMinutes: 0, aboveRub: -1 }));
    expect(lock.readLockPrefs()).toEqual(lock.DEFAULT_LOCK_PREFS);
    localStorage.setItem("mb-app-lock", "{");
    expect(lock.readLockPrefs()).toEqual(lock.DEFAULT_LOCK_PREFS);
    lock.saveLockPrefs({ afterMinutes: 15, aboveRub: 1_000 });
    expect(lock.readLockPrefs()).toEqual({ afterMinutes: 15, aboveRub: 1_000 });
  });

  it("asks before a transfer above the threshold (or of unknown ruble worth), not below it, and not without the lock", async () => {
    lock.saveLockPrefs({ afterMinutes: 5, aboveRub: 1_000 });
    const off = fakeEnv();
    expect(await lock.transferAllowed(off.env, 500_000n)).toBe(true);
    expect(off.calls.filter((c) => c.startsWith("auth"))).toEqual([]);

    const on = fakeEnv({ tokenSaved: true, auth: "failed" });
    expect(await lock.transferAllowed(on.env, 100_000n)).toBe(true);
    expect(await lock.transferAllowed(on.env, 100_001n)).toBe(false);
    expect(await lock.transferAllowed(on.env, null)).toBe(false);
    expect(on.calls.filter((c) => c === "auth: Подтвердить перевод")).toHaveLength(2);

    const passes = fakeEnv({ tokenSaved: true });
    expect(await lock.transferAllowed(passes.env, 5_000_000n)).toBe(true);
  });
});
