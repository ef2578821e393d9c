import * as realSdk from "@telegram-apps/sdk-react";
import { render, screen } from "@testing-library/react";
import { featureEntries } from "@/components/debug/debug-view";
import { DICTIONARIES } from "@/lib/shared/i18n";
import { clientFeatures, FEATURES, hasFeature, versionAtLeast } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { requestFullScreen, setUpScreen } from "@/lib/client/telegram/screen";
import { holdVerticalSwipes } from "@/lib/client/telegram/swipes";
import { KeyValueList } from "@/components/debug/key-value-list";

type Sdk = TelegramEnv["sdk"];
const available = <T extends (...args: never[]) => unknown>(fn: T, isAvailable = true) => Object.assign(fn, { isAvailable: () => isAvailable });

/** A fake SDK: the real version table (`supports`), recorded calls for the rest. */
function fakeSdk(options: { colour?: string } = {}) {
  const calls: string[] = [];
  const record = (name: string) => available(jest.fn((...args: unknown[]) => void calls.push([name, ...args].join(" "))));
  const sdk = {
    supports: realSdk.supports,
    themeParams: {
      secondaryBackgroundColor: () => options.colour ?? "#efeff3",
      backgroundColor: () => "#ffffff",
      state: { sub: jest.fn(() => () => undefined) },
    },
    miniApp: {
      setHeaderColor: record("header"),
      setBackgroundColor: record("background"),
      setBottomBarColor: record("bottomBar"),
    },
    postEvent: jest.fn((method: string, params?: { allow_vertical_swipe?: boolean }) => {
      if (method !== "web_app_setup_swipe_behavior") throw new Error(`unexpected ${method}`);
      calls.push(params?.allow_vertical_swipe ? "swipesOn" : "swipesOff");
    }),
    settingsButton: { mount: record("settingsMount") },
    viewport: {
      requestFullscreen: available(jest.fn(async () => void calls.push("fullscreen"))),
    },
  };
  return { sdk: sdk as unknown as Sdk, calls };
}

const client = (version: string, platform = "ios") => ({ tgWebAppVersion: version, tgWebAppPlatform: platform });

describe("version gates", () => {
  it("each feature's stated version is the one the SDK's table gates it at", () => {
    for (const feature of FEATURES) {
      if (!("method" in feature)) continue;
      const [major, minor] = feature.since.split(".").map(Number);
      const before = minor > 0 ? `${major}.${minor - 1}` : `${major - 1}.99`;
      expect({ id: feature.id, at: realSdk.supports(feature.method, feature.since) }).toEqual({ id: feature.id, at: true });
      expect({ id: feature.id, before: realSdk.supports(feature.method, before) }).toEqual({ id: feature.id, before: false });
    }
  });

  it("methods newer than the SDK's table are gated by their own version", () => {
    const { sdk } = fakeSdk();
    expect(realSdk.supports("web_app_request_chat" as never, "9.6")).toBe(false);
    expect(hasFeature({ sdk, launchParams: client("9.6") }, "requestChat")).toBe(true);
    expect(hasFeature({ sdk, launchParams: client("9.10") }, "requestChat")).toBe(true);
    expect(hasFeature({ sdk, launchParams: client("9.5") }, "requestChat")).toBe(false);
    expect(hasFeature({ sdk, launchParams: client("10") }, "requestChat")).toBe(true);
    expect(hasFeature({ sdk, launchParams: client("bogus") }, "requestChat")).toBe(false);
  });

  it("compares versions part by part", () => {
    expect(versionAtLeast("6.10", "6.9")).toBe(true);
    expect(versionAtLeast("6.1", "6.10")).toBe(false);
    expect(versionAtLeast("6.1", "6.1")).toBe(true);
    expect(versionAtLeast("7", "6.1")).toBe(true);
    expect(versionAtLeast("6.0", "6.1")).toBe(false);
    expect(versionAtLeast("", "6.1")).toBe(false);
    expect(versionAtLeast("6.x", "6.1")).toBe(false);
  });

  it("full screen only on phones; everything from 9.6 on a current iPhone, none of the 8.0 ones on a 7.0 client", () => {
    const { sdk } = fakeSdk();
    expect(hasFeature({ sdk, launchParams: client("9.1", "ios") }, "fullscreen")).toBe(true);
    expect(hasFeature({ sdk, launchParams: client("9.1", "tdesktop") }, "fullscreen")).toBe(false);
    expect(clientFeatures({ sdk, launchParams: client("9.6") }).every((f) => f.supported)).toBe(true);
    const old = clientFeatures({ sdk, launchParams: client("7.0") });
    expect(old.filter((f) => f.supported).map((f) => f.feature.id)).toEqual(["headerColor", "writeAccess", "settingsButton"]);
  });

  it("the debug page lists them in Russian with the version each needs", () => {
    const { sdk } = fakeSdk();
    const env = { sdk, native: true, launchParams: client("8.0", "macos") } as unknown as TelegramEnv;
    render(<KeyValueList label="Возможности клиента" entries={featureEntries(env, DICTIONARIES.ru)} />);
    expect(screen.getByText("Безопасные зоны").nextSibling).toHaveTextContent("да (Bot API 8.0)");
    expect(screen.getByText("SecureStorage").nextSibling).toHaveTextContent("нет (нужен Bot API 9.0)");
    expect(screen.getByText("Полный экран").nextSibling).toHaveTextContent("нет на этой платформе");
  });
});

describe("the screen", () => {
  it("a phone on 8.0+: full screen, Telegram's frame in the app's background, the settings button mounted; swipes left alone", () => {
    const { sdk, calls } = fakeSdk();
    setUpScreen({ sdk, native: true, launchParams: client("8.0", "android") });
    requestFullScreen({ sdk, native: true, launchParams: client("8.0", "android") });
    expect(calls).toEqual(["header #efeff3", "background #efeff3", "bottomBar #efeff3", "settingsMount", "fullscreen"]);
  });

  it("a desktop client gets no full screen; the imitation in a plain browser neither", () => {
    const desktop = fakeSdk();
    requestFullScreen({ sdk: desktop.sdk, native: true, launchParams: client("9.0", "tdesktop") });
    expect(desktop.calls).not.toContain("fullscreen");
    const imitation = fakeSdk();
    requestFullScreen({ sdk: imitation.sdk, native: false, launchParams: client("9.0", "ios") });
    expect(imitation.calls).not.toContain("fullscreen");
  });

  it("an old client (6.0) gets only what it has, and nothing throws", () => {
    const { sdk, calls } = fakeSdk();
    setUpScreen({ sdk, native: true, launchParams: client("6.0", "ios") });
    requestFullScreen({ sdk, native: true, launchParams: client("6.0", "ios") });
    expect(calls).toEqual(["background #efeff3"]);
  });

  it("a client whose SDK call throws is left alone", () => {
    const { sdk } = fakeSdk();
    (sdk.viewport.requestFullscreen as unknown as { isAvailable: () => boolean }).isAvailable = () => {
      throw new Error("not mounted");
    };
    expect(() => requestFullScreen({ sdk, native: true, launchParams: client("9.0", "ios") })).not.toThrow();
  });
});

describe("vertical swipes", () => {
  beforeEach(() => sessionStorage.clear());
  const phone = client("9.1", "ios");

  it("are off from the first form, sheet or scanner until the last one is gone, with one message each way", () => {
    const { sdk, calls } = fakeSdk();
    const form = holdVerticalSwipes({ sdk, launchParams: phone });
    const sheet = holdVerticalSwipes({ sdk, launchParams: phone });
    expect(calls).toEqual(["swipesOff"]);
    sheet();
    sheet();
    expect(calls).toEqual(["swipesOff"]);
    form();
    expect(calls).toEqual(["swipesOff", "swipesOn"]);
  });

  it("keep Telegram's default at start-up: nothing is posted", () => {
    const { sdk, calls } = fakeSdk();
    setUpScreen({ sdk, native: true, launchParams: phone });
    expect(calls.filter((c) => c.startsWith("swipes"))).toEqual([]);
  });

  it("come back on at start-up when the previous page of the tab left them off", () => {
    const before = fakeSdk();
    holdVerticalSwipes({ sdk: before.sdk, launchParams: phone });
    // A full page load: the module's count starts again, the tab's record stays.
    jest.isolateModules(() => {
      const screenModule = jest.requireActual<typeof import("@/lib/client/telegram/screen")>("@/lib/client/telegram/screen");
      const after = fakeSdk();
      screenModule.setUpScreen({ sdk: after.sdk, native: true, launchParams: phone });
      expect(after.calls.filter((c) => c.startsWith("swipes"))).toEqual(["swipesOn"]);
    });
  });

  it("do nothing on a client without the swipe behaviour (before 7.7) or outside Telegram", () => {
    const { sdk, calls } = fakeSdk();
    holdVerticalSwipes({ sdk, launchParams: client("7.6") })();
    holdVerticalSwipes(null)();
    expect(calls).toEqual([]);
  });
});
