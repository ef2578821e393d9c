import { render, screen, within } from "@testing-library/react";
import { DebugView } from "@/components/debug/debug-view";
import { flattenEntries } from "@/components/debug/key-value-list";

type Status = "idle" | "loading" | "ready" | "failed";
let telegram: { status: Status; env: unknown } = { status: "idle", env: null };
jest.mock("@/lib/client/telegram/provider", () => ({ useTelegram: () => telegram }));
/** The signed-in person: by default the Telegram user the browser imitates (Alice). */
let me: { data?: { telegramUsername: string | null } } = { data: { telegramUsername: "alice" } };
jest.mock("@/lib/client/hooks", () => ({ useMe: () => me }));
beforeEach(() => {
  me = { data: { telegramUsername: "alice" } };
});

const theme = { bg_color: "#17212b", text_color: "#f5f5f5" };
const env = {
  native: false,
  debug: true,
  launchParams: {
    tgWebAppPlatform: "web",
    tgWebAppVersion: "8.0",
    tgWebAppStartParam: "debug",
    tgWebAppThemeParams: theme,
    tgWebAppData: {
      auth_date: new Date("2025-01-02T03:04:05Z"),
      hash: "abc123",
      user: { id: 42, first_name: "Алиса", username: "alice" },
      chat: { id: -5, type: "group", title: "Семья" },
    },
  },
  sdk: {
    themeParams: { state: () => theme },
    useSignal: (signal: () => unknown) => signal(),
  },
};

const rows = (list: HTMLElement) =>
  Object.fromEntries(
    within(list)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe("debug pages", () => {
  it("flattens nested launch data into dotted keys and skips empty values", () => {
    expect(flattenEntries({ a: 1, b: { c: "x", d: undefined, g: "" }, e: [1, 2], f: true })).toEqual([
      { key: "a", value: "1" },
      { key: "b.c", value: "x" },
      { key: "e", value: "[1,2]" },
      { key: "f", value: "true" },
    ]);
  });

  it("shows init data: user, chat, auth date and hash", () => {
    telegram = { status: "ready", env };
    render(<DebugView kind="init-data" />);
    expect(rows(screen.getByLabelText("Данные запуска"))).toMatchObject({
      // Shown in local time; the machine's zone only moves the hour.
      auth_date: expect.stringMatching(/^0[12]\.01\.2025 \d{2}:\d{2}:05$/),
      hash: "abc123",
      "user.id": "42",
      "user.first_name": "Алиса",
      "chat.title": "Семья",
    });
  });

  it("shows launch parameters without the blocks that have their own pages", () => {
    telegram = { status: "ready", env };
    render(<DebugView kind="launch-params" />);
    const list = rows(screen.getByLabelText("Параметры запуска"));
    expect(list).toMatchObject({ platform: "web", version: "8.0", startParam: "debug", debug: "true" });
    expect(Object.keys(list).some((k) => k.startsWith("data") || k.startsWith("themeParams"))).toBe(false);
  });

  it("shows theme parameters", () => {
    telegram = { status: "ready", env };
    render(<DebugView kind="theme-params" />);
    expect(rows(screen.getByLabelText("Параметры темы"))).toEqual({
      bg_color: "#17212b",
      text_color: "#f5f5f5",
    });
  });

  it("in a browser, shows the imitated Telegram user's init data to her session only", () => {
    telegram = { status: "ready", env };
    me = { data: { telegramUsername: null } };
    render(<DebugView kind="init-data" />);
    expect(screen.queryByText("Алиса")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Нет данных");
    expect(screen.getByRole("status")).toHaveTextContent("Вы вошли не через Telegram, поэтому у этого входа нет данных запуска");
    // Inside Telegram the launch is the signed-in person's own.
    telegram = { status: "ready", env: { ...env, native: true } };
    render(<DebugView kind="init-data" />);
    expect(screen.getByText("Алиса")).toBeInTheDocument();
  });

  it("shows an empty state without Telegram data", () => {
    telegram = { status: "failed", env: null };
    render(<DebugView kind="init-data" />);
    expect(screen.getByRole("status")).toHaveTextContent("Нет данных");
    telegram = { status: "ready", env: { ...env, launchParams: { ...env.launchParams, tgWebAppData: undefined } } };
    render(<DebugView kind="init-data" />);
    expect(screen.getAllByText("Нет данных")).toHaveLength(2);
  });
});
