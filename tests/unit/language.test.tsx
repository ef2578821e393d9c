import { act, render, screen } from "@testing-library/react";
import { useAllStrings } from "@/lib/client/feature-strings";
import { chooseLanguage, decideLanguage, launchHashLanguageCode, useStrings } from "@/lib/client/language";

/** Counts the loads of the English texts: a chunk of their own, loaded for a customer who reads them. */
const mockEnglishLoads = jest.fn();
jest.mock("@/lib/shared/strings-en", () => {
  mockEnglishLoads();
  return jest.requireActual("@/lib/shared/strings-en");
});

/** The same for the feature screens' English texts. */
const mockFeatureEnglishLoads = jest.fn();
jest.mock("@/lib/shared/strings-en-features", () => {
  mockFeatureEnglishLoads();
  return jest.requireActual("@/lib/shared/strings-en-features");
});

function launchHash(user: Record<string, unknown>): string {
  const data = new URLSearchParams([["user", JSON.stringify(user)], ["auth_date", "1700000000"], ["hash", "abc"]]);
  return `#${new URLSearchParams([["tgWebAppData", data.toString()], ["tgWebAppVersion", "8.0"]]).toString()}`;
}

/** A fresh copy of the module: it decides the language once per page. */
function freshModule(): typeof import("@/lib/client/language") {
  let mod: typeof import("@/lib/client/language") | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import("@/lib/client/language")>("@/lib/client/language");
  });
  return mod!;
}

function browserLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.location.hash = "";
  browserLanguages(["ru-RU"]);
});

describe("the screens' language", () => {
  it("inside Telegram comes from the launch user's language_code, not the browser", () => {
    expect(decideLanguage({ insideTelegram: true, telegramCode: "en", browser: ["ru-RU"] })).toBe("en");
    expect(decideLanguage({ insideTelegram: true, telegramCode: "ru", browser: ["en-US"] })).toBe("ru");
    expect(decideLanguage({ insideTelegram: true, telegramCode: "de", browser: ["ru-RU"] })).toBe("en");
  });

  it("outside Telegram comes from the browser's first language", () => {
    expect(decideLanguage({ insideTelegram: false, telegramCode: "ru", browser: ["en-US", "ru"] })).toBe("en");
    expect(decideLanguage({ insideTelegram: false, browser: ["ru-RU", "en"] })).toBe("ru");
    expect(decideLanguage({ insideTelegram: false, browser: ["en_GB"] })).toBe("en");
  });

  it("is Russian when nothing is known", () => {
    expect(decideLanguage({ insideTelegram: true, telegramCode: null })).toBe("ru");
    expect(decideLanguage({ insideTelegram: false, browser: [] })).toBe("ru");
    expect(decideLanguage({ insideTelegram: false })).toBe("ru");
  });

  it("the settings choice overrides what was detected; anything but a language is ignored", () => {
    expect(decideLanguage({ chosen: "ru", insideTelegram: true, telegramCode: "en" })).toBe("ru");
    expect(decideLanguage({ chosen: "en", insideTelegram: false, browser: ["ru-RU"] })).toBe("en");
    expect(decideLanguage({ chosen: "fr", insideTelegram: false, browser: ["ru-RU"] })).toBe("ru");
  });

  it("reads language_code from Telegram launch parameters", () => {
    expect(launchHashLanguageCode(launchHash({ id: 1, language_code: "en" }))).toBe("en");
    expect(launchHashLanguageCode(launchHash({ id: 1 }))).toBeNull();
    expect(launchHashLanguageCode("#tgWebAppData=user%3D%257Bbroken")).toBeNull();
    expect(launchHashLanguageCode("")).toBeNull();
  });

  it("in the page: Telegram's launch code, kept for the tab after the hash is gone", () => {
    window.location.hash = launchHash({ id: 1, language_code: "en-US" });
    expect(freshModule().currentLanguage()).toBe("en");
    window.location.hash = "";
    expect(freshModule().currentLanguage()).toBe("en");
  });

  it("in the page: the browser's languages outside Telegram", () => {
    expect(freshModule().currentLanguage()).toBe("ru");
    browserLanguages(["en-US", "en"]);
    expect(freshModule().currentLanguage()).toBe("en");
  });

  it("the switch re-renders the screens and is remembered; English loads only then, once", async () => {
    function Probe() {
      return <p>{useStrings().settings.title}</p>;
    }
    render(<Probe />);
    expect(screen.getByText("Настройки")).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(mockEnglishLoads).not.toHaveBeenCalled();

    act(() => chooseLanguage("en"));
    // Russian stays until the English texts have arrived, then the screens follow.
    expect(screen.getByText("Настройки")).toBeTruthy();
    expect(await screen.findByText("Settings")).toBeTruthy();
    expect(localStorage.getItem("mb-language")).toBe("en");
    expect(freshModule().currentLanguage()).toBe("en");
    act(() => chooseLanguage("ru"));
    expect(screen.getByText("Настройки")).toBeTruthy();
    act(() => chooseLanguage("en"));
    expect(screen.getByText("Settings")).toBeTruthy();
    expect(mockEnglishLoads).toHaveBeenCalledTimes(1);
    act(() => chooseLanguage("ru"));
  });

  it("a feature screen's texts follow too: their English loads when such a screen shows in English, once", async () => {
    function Wallet() {
      return <p>{useStrings().bank.schedules}</p>;
    }
    function Splits() {
      const t = useAllStrings();
      return (
        <p>
          {t.splits.title} / {t.common.back}
        </p>
      );
    }
    const wallet = render(<Wallet />);
    act(() => chooseLanguage("en"));
    expect(await screen.findByText("Scheduled transfers")).toBeTruthy();
    // The wallet in English has not loaded the feature screens' texts.
    expect(mockFeatureEnglishLoads).not.toHaveBeenCalled();
    wallet.unmount();

    render(<Splits />);
    // Russian, both parts, until the feature texts have arrived: never half one language.
    expect(screen.getByText("Разделить счёт / Назад")).toBeTruthy();
    expect(await screen.findByText("Split a bill / Back")).toBeTruthy();
    act(() => chooseLanguage("ru"));
    expect(screen.getByText("Разделить счёт / Назад")).toBeTruthy();
    act(() => chooseLanguage("en"));
    expect(screen.getByText("Split a bill / Back")).toBeTruthy();
    expect(mockFeatureEnglishLoads).toHaveBeenCalledTimes(1);
    act(() => chooseLanguage("ru"));
  });
});
