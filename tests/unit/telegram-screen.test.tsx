import * as realSdk from "@telegram-apps/sdk-react";
import { render, screen } from "@testing-library/react";
import { featureEntries } from "@/components/debug/debug-view";
import { ru } from "@/lib/shared/strings";
import { clientFeatures, FEATURES, hasFeature } from "@/lib/client/telegram/features";
import type { TelegramEnv } from "@/lib/client/telegram/init";
import { requestFullScreen, setUpScreen } from "@/lib/client/telegram/screen";
import { holdVerticalSwipes } from "@/lib/client/telegram/swipes";
import { KeyValueList } from "@/components/debug/key-value-list";

type Sdk = TelegramEnv["sdk"];
const available = <T extends (...args: never[]) => unknown>(fn: T, isAvailable = true) => Object.assign(fn, { isAvailable: () => isAvailable });

/** A fake SDK: the real version table (`supports`), recorded calls for the rest. */
function fakeSdk(options: { swipeMounted?: boolean; colour?: string } = {}) {
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
    swipeBehavior: {
      mount: record("swipeMount"),
      isMounted: () => options.swipeMounted ?? true,
      disableVertical: record("swipesOff"),
      enableVertical: record("swipesOn"),
    },
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
      const [major, minor] = feature.since.split(".").map(Number);
      const before = minor > 0 ? `${major}.${minor - 1}` : `${major - 1}.99`;
      expect({ id: feature.id, at: realSdk.supports(feature.method, feature.since) }).toEqual({ id: feature.id, at: true });
      expect({ id: feature.id, before: realSdk.supports(feature.method, before) }).toEqual({ id: feature.id, before: false });
    }
  });

  it("full screen only on phones; everything from 9.0 on a current iPhone, none of the 8.0 ones on a 7.0 client", () => {
    const { sdk } = fakeSdk();
    expect(hasFeature({ sdk, launchParams: client("9.1", "ios") }, "fullscreen")).toBe(true);
    expect(hasFeature({ sdk, launchParams: client("9.1", "tdesktop") }, "fullscreen")).toBe(false);
    expect(clientFeatures({ sdk, launchParams: client("9.1") }).every((f) => f.supported)).toBe(true);
    const old = clientFeatures({ sdk, launchParams: client("7.0") });
    expect(old.filter((f) => f.supported).map((f) => f.feature.id)).toEqual(["headerColor", "writeAccess", "settingsButton"]);
  });

  it("the debug page lists them in Russian with the version each needs", () => {
    const { sdk } = fakeSdk();
    const env = { sdk, native: true, launchParams: client("8.0", "macos") } as unknown as TelegramEnv;
    render(<KeyValueList label="Возможности клиента" entries={featureEntries(env, ru)} />);
    expect(screen.getByText("Безопасные зоны").nextSibling).toHaveTextContent("да (Bot API 8.0)");
    expect(screen.getByText("SecureStorage").nextSibling).toHaveTextContent("нет (нужен Bot API 9.0)");
    expect(screen.getByText("Полный экран").nextSibling).toHaveTextContent("нет на этой платформе");
  });
});

describe("the screen", () => {
  it("a phone on 8.0+: full screen, Telegram's frame in the app's background, swipes and settings button mounted", () => {
    const { sdk, calls } = fakeSdk();
    setUpScreen({ sdk, native: true, launchParams: client("8.0", "android") });
    requestFullScreen({ sdk, native: true, launchParams: client("8.0", "android") });
    expect(calls).toEqual(["header #efeff3", "background #efeff3", "bottomBar #efeff3", "swipeMount", "settingsMount", "fullscreen"]);
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
  it("stay off until the last form, sheet or scanner that wanted them off is gone", () => {
    const { sdk, calls } = fakeSdk();
    const form = holdVerticalSwipes({ sdk });
    const sheet = holdVerticalSwipes({ sdk });
    expect(calls).toEqual(["swipesOff", "swipesOff"]);
    sheet();
    sheet();
    expect(calls).not.toContain("swipesOn");
    form();
    expect(calls.filter((c) => c === "swipesOn")).toHaveLength(1);
  });

  it("do nothing on a client without the swipe behaviour (before 7.7) or outside Telegram", () => {
    const { sdk, calls } = fakeSdk({ swipeMounted: false });
    holdVerticalSwipes({ sdk })();
    holdVerticalSwipes(null)();
    expect(calls).toEqual([]);
  });
});
