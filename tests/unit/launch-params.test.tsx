import * as sdk from "@telegram-apps/sdk-react";
import {
  LAUNCH_BOOT_SCRIPT,
  LAUNCH_PARAMS_KEY,
  launchParamsForSdk,
  parseLaunchParams,
  rawInitData,
  rawLaunchParams,
} from "@/lib/client/telegram/launch-params";

const USER = JSON.stringify({ id: 5, first_name: "Алиса", username: "alice_tg" });
const THEME = JSON.stringify({ bg_color: "#ffffff", button_color: "#2481cc" });

function initData(fields: Record<string, string>): string {
  return new URLSearchParams({ user: USER, auth_date: "1700000000", hash: "ab".repeat(32), ...fields }).toString();
}

function launch(fields: Record<string, string>): string {
  return new URLSearchParams({ tgWebAppVersion: "7.0", tgWebAppPlatform: "android", tgWebAppThemeParams: THEME, ...fields }).toString();
}

describe("reading launch parameters leniently", () => {
  it("init data without `signature` (clients before Bot API 8.0) is read, and the SDK's own parser refuses it", () => {
    const raw = launch({ tgWebAppData: initData({}) });
    expect(() => sdk.parseLaunchParamsQuery(raw)).toThrow();
    const params = parseLaunchParams(sdk, raw);
    expect(params.tgWebAppVersion).toBe("7.0");
    expect(params.tgWebAppData?.user).toMatchObject({ id: 5, first_name: "Алиса", username: "alice_tg" });
    expect(params.tgWebAppData).not.toHaveProperty("signature");
    // The server gets the init data exactly as the client sent it; the SDK, which re-reads the
    // parameters on every call, a copy it accepts.
    expect(rawInitData(raw)).toBe(initData({}));
    expect(sdk.parseLaunchParamsQuery(launchParamsForSdk(raw))).toMatchObject({ tgWebAppVersion: "7.0", tgWebAppPlatform: "android" });
    const noTheme = new URLSearchParams({ tgWebAppVersion: "6.1", tgWebAppPlatform: "tdesktop" }).toString();
    expect(sdk.parseLaunchParamsQuery(launchParamsForSdk(noTheme)).tgWebAppThemeParams).toEqual({});
  });

  it("init data with `signature` is read as the SDK reads it", () => {
    const raw = launch({ tgWebAppData: initData({ signature: "c2ln" }), tgWebAppStartParam: "req-abc" });
    const params = parseLaunchParams(sdk, raw);
    expect(params.tgWebAppData?.signature).toBe("c2ln");
    expect(params.tgWebAppStartParam).toBe("req-abc");
    expect(params.tgWebAppThemeParams).toMatchObject({ bg_color: "#ffffff" });
  });

  it("missing or garbled theme parameters become none; unreadable init data is left out, its raw form kept", () => {
    const noTheme = new URLSearchParams({ tgWebAppVersion: "6.1", tgWebAppPlatform: "tdesktop" }).toString();
    expect(parseLaunchParams(sdk, noTheme).tgWebAppThemeParams).toEqual({});
    expect(parseLaunchParams(sdk, launch({ tgWebAppThemeParams: "{not json" })).tgWebAppThemeParams).toEqual({});
    const garbled = launch({ tgWebAppData: "user=%7Bnot-json&hash=x" });
    expect(parseLaunchParams(sdk, garbled).tgWebAppData).toBeUndefined();
    expect(rawInitData(garbled)).toBe("user=%7Bnot-json&hash=x");
  });

  it("without a version or a platform they cannot be read", () => {
    expect(() => parseLaunchParams(sdk, launch({ tgWebAppVersion: "" }))).toThrow();
    expect(() => parseLaunchParams(sdk, new URLSearchParams({ tgWebAppVersion: "9.1", tgWebAppThemeParams: THEME }).toString())).toThrow();
  });
});

describe("keeping launch parameters for the tab", () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("the boot script keeps them from the hash before anything else runs; a later page without the hash finds them", () => {
    const raw = launch({ tgWebAppData: initData({}) });
    window.history.replaceState(null, "", `/#${raw}`);
    new Function(LAUNCH_BOOT_SCRIPT)();
    expect(sessionStorage.getItem(LAUNCH_PARAMS_KEY)).toBe(raw);
    expect(sessionStorage.getItem("mb-in-telegram")).toBe("1");
    window.history.replaceState(null, "", "/email-login");
    expect(rawLaunchParams()).toBe(raw);
  });

  it("a hash without launch parameters keeps nothing", () => {
    window.history.replaceState(null, "", "/#section");
    new Function(LAUNCH_BOOT_SCRIPT)();
    expect(sessionStorage.getItem(LAUNCH_PARAMS_KEY)).toBeNull();
    expect(rawLaunchParams()).toBeNull();
  });

  it("the page's own hash wins over a copy kept earlier, and replaces it", () => {
    sessionStorage.setItem(LAUNCH_PARAMS_KEY, launch({ tgWebAppVersion: "6.9" }));
    const fresh = launch({ tgWebAppVersion: "9.1" });
    window.history.replaceState(null, "", `/#${fresh}`);
    expect(rawLaunchParams()).toBe(fresh);
    expect(sessionStorage.getItem(LAUNCH_PARAMS_KEY)).toBe(fresh);
  });
});
