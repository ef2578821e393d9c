
const loadTelegram = jest.fn();
jest.mock("@/lib/client/telegram/init", () => ({
  loadTelegram: () => loadTelegram(),
  loadedTelegram: () => null,
}));

/** A fresh copy of the modules: the screens' language is decided once per page. */
async function freshResolve() {
  let mod: typeof import("@/lib/client/language") | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import("@/lib/client/language")>("@/lib/client/language");
  });
  return mod!.currentLanguage();
}

function browserLanguages(languages: string[]) {
  Object.defineProperty(navigator, "languages", { value: languages, configurable: true });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  loadTelegram.mockReset();
});

describe("TON button language", () => {
  it("follows the screens in a plain browser: the browser's languages, without the SDK", async () => {
    browserLanguages(["ru-RU", "en"]);
    await expect(freshResolve()).resolves.toBe("ru");
    browserLanguages(["en-US"]);
    await expect(freshResolve()).resolves.toBe("en");
    expect(loadTelegram).not.toHaveBeenCalled();
  });

  it("follows the settings choice over the detected language", async () => {
    browserLanguages(["ru-RU"]);
    localStorage.setItem("mb-language", "en");
    await expect(freshResolve()).resolves.toBe("en");
  });
});
