import * as realSdk from "@telegram-apps/sdk-react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HomeScreenOffer, HomeScreenSetting } from "@/components/bank/home-screen";
import { countOpening } from "@/lib/client/telegram/home-screen";

/** A client of `version` whose home screen holds the app or not; it records what it is asked. */
function fakeEnv(version: string, status: "added" | "missed" | "unknown" | "unsupported", answer: "added" | "declined" = "added") {
  const asked: string[] = [];
  const listeners: { added?: () => void; failed?: () => void } = {};
  const available = <T extends (...args: never[]) => unknown>(fn: T) => Object.assign(fn, { isAvailable: () => true });
  const sdk = {
    supports: realSdk.supports,
    checkHomeScreenStatus: available(async () => {
      asked.push("check");
      return status;
    }),
    addToHomeScreen: available(() => {
      asked.push("add");
      setTimeout(() => (answer === "added" ? listeners.added?.() : listeners.failed?.()), 0);
    }),
    onAddedToHomeScreen: (listener: () => void) => ((listeners.added = listener), () => undefined),
    onAddToHomeScreenFailed: (listener: () => void) => ((listeners.failed = listener), () => undefined),
  };
  return { env: { sdk, native: true, launchParams: { tgWebAppVersion: version, tgWebAppPlatform: "ios" } }, asked };
}

let telegram: unknown = null;
jest.mock("@/lib/client/telegram/provider", () => ({ useLoadedTelegram: () => telegram }));

/** A new opening of the Mini App: a new webview (session storage empty), the same device. */
function open(times: number) {
  for (let i = 0; i < times; i += 1) {
    sessionStorage.clear();
    countOpening();
  }
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const OFFER = "Добавить на главный экран";

describe("the home-screen offer", () => {
  it("counts each opening once, however many pages it loads", () => {
    expect(countOpening()).toBe(1);
    expect(countOpening()).toBe(1);
    open(2);
    expect(localStorage.getItem("mb-openings")).toBe("3");
  });

  it("is not offered on the first two openings", async () => {
    open(2);
    const client = fakeEnv("9.1", "missed");
    telegram = client.env;
    render(<HomeScreenOffer />);
    await waitFor(() => expect(client.asked).toContain("check"));
    expect(screen.queryByRole("region", { name: OFFER })).toBeNull();
  });

  it("is offered on the third; 'Не сейчас' declines it and it never comes back", async () => {
    open(3);
    telegram = fakeEnv("9.1", "missed").env;
    const first = render(<HomeScreenOffer />);
    await userEvent.click(await screen.findByRole("button", { name: "Не сейчас" }));
    expect(screen.queryByRole("region", { name: OFFER })).toBeNull();
    first.unmount();
    open(1);
    const again = fakeEnv("9.1", "missed");
    telegram = again.env;
    render(<HomeScreenOffer />);
    await waitFor(() => expect(again.asked).toContain("check"));
    expect(screen.queryByRole("button", { name: "Не сейчас" })).toBeNull();
  });

  it("shown once even when ignored; 'Добавить' asks Telegram", async () => {
    open(3);
    const client = fakeEnv("9.1", "missed");
    telegram = client.env;
    const view = render(<HomeScreenOffer />);
    await screen.findByRole("region", { name: OFFER });
    view.unmount();
    render(<HomeScreenOffer />);
    await waitFor(() => expect(client.asked.filter((a) => a === "check")).toHaveLength(2));
    expect(screen.queryByRole("region", { name: OFFER })).toBeNull();

    localStorage.removeItem("mb-home-screen");
    const adding = fakeEnv("9.1", "missed");
    telegram = adding.env;
    render(<HomeScreenOffer />);
    await userEvent.click(await screen.findByRole("button", { name: "Добавить" }));
    await waitFor(() => expect(localStorage.getItem("mb-home-screen")).toBe("added"));
    expect(adding.asked).toEqual(["check", "add"]);
  });

  it("is not offered when the app is on the home screen already, before Bot API 8.0, or outside Telegram", async () => {
    open(5);
    for (const client of [fakeEnv("9.1", "added"), fakeEnv("7.10", "missed"), fakeEnv("9.1", "unsupported")]) {
      telegram = client.env;
      const view = render(<HomeScreenOffer />);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(screen.queryByRole("region", { name: OFFER })).toBeNull();
      view.unmount();
    }
    telegram = { ...fakeEnv("9.1", "missed").env, native: false };
    render(<HomeScreenOffer />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.queryByRole("region", { name: OFFER })).toBeNull();
  });
});

describe("the settings row", () => {
  it("adds the app while it is not on the home screen, then says it is", async () => {
    const client = fakeEnv("8.0", "missed");
    telegram = client.env;
    render(<HomeScreenSetting />);
    await userEvent.click(await screen.findByRole("button", { name: OFFER }));
    expect(await screen.findByText("Minibank на главном экране")).toBeInTheDocument();
  });

  it("is absent where the client cannot add it", async () => {
    telegram = fakeEnv("7.10", "missed").env;
    const { container } = render(<HomeScreenSetting />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(container).toBeEmptyDOMElement();
  });
});
