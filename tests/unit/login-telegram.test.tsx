import { fireEvent, screen, waitFor } from "@testing-library/react";
import { TelegramLogin } from "@/components/login/telegram-login";
import type { TelegramEnv } from "@/lib/client/telegram/env";
import { fakeServer, ME, on, renderFresh } from "./bank-support";

const replace = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn(), back: jest.fn() }),
}));

let telegram: { status: string; env: Partial<TelegramEnv> | null } = { status: "loading", env: null };
jest.mock("@/lib/client/telegram/provider", () => ({
  useTelegram: () => telegram,
  useLoadedTelegram: () => null,
  useTelegramBackButton: () => undefined,
}));

const USER = { id: 5, firstName: "Алиса", lastName: "Смирнова", username: "alice_tg", photoUrl: "/p.svg" };

beforeEach(() => {
  sessionStorage.clear();
  replace.mockReset();
});

describe("Telegram sign-in", () => {
  it("shows placeholders while the SDK loads", () => {
    telegram = { status: "loading", env: null };
    fakeServer();
    renderFresh(<TelegramLogin />);
    expect(screen.getAllByTestId("skeleton").length).toBeGreaterThan(0);
  });

  it("shows the Telegram user's photo and name", () => {
    telegram = { status: "ready", env: { user: USER, initDataRaw: "user=x&hash=y" } };
    fakeServer();
    renderFresh(<TelegramLogin />);
    expect(screen.getByRole("img", { name: "Алиса Смирнова" })).toHaveAttribute("src", "/p.svg");
    expect(screen.getByText("Алиса Смирнова")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Продолжить как Алиса" })).toBeEnabled();
  });

  it("without init data says it could not get the sign-in data", () => {
    telegram = { status: "ready", env: { user: null, initDataRaw: null } };
    const calls = fakeServer();
    renderFresh(<TelegramLogin />);
    fireEvent.click(screen.getByRole("button", { name: "Продолжить" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Не удалось получить данные для входа");
    expect(calls).toHaveLength(0);
  });

  it("reports a rejected sign-in", async () => {
    telegram = { status: "ready", env: { user: USER, initDataRaw: "user=x&hash=bad" } };
    fakeServer(on("POST", "/api/v1/auth/telegram/login", { status: 401, body: { message: "x", code: "INVALID_INIT_DATA" } }));
    renderFresh(<TelegramLogin />);
    fireEvent.click(screen.getByRole("button", { name: "Продолжить как Алиса" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка входа. Попробуйте снова");
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("access_token")).toBeNull();
  });

  it("sends the raw init data, keeps the session and opens /bank", async () => {
    telegram = { status: "ready", env: { user: USER, initDataRaw: "user=x&hash=good" } };
    const calls = fakeServer(
      on("POST", "/api/v1/auth/telegram/login", { status: 200, body: { access_token: "a", refresh_token: "r" } }),
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("GET", "/api/v1/wallet", { status: 200, body: [] }),
      on("POST", "/api/v1/wallet/init", { status: 201, body: [] }),
    );
    renderFresh(<TelegramLogin />);
    fireEvent.click(screen.getByRole("button", { name: "Продолжить как Алиса" }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/bank"));
    expect(calls[0]).toMatchObject({ body: { init_data: "user=x&hash=good" }, auth: undefined });
    expect(sessionStorage.getItem("access_token")).toBe("a");
  });

  it("clears a half-made session when loading the user fails", async () => {
    telegram = { status: "ready", env: { user: USER, initDataRaw: "user=x&hash=good" } };
    fakeServer(
      on("POST", "/api/v1/auth/telegram/login", { status: 200, body: { access_token: "a", refresh_token: "r" } }),
      on("GET", "/api/v1/users/me", { status: 500, body: { message: "x", code: "INTERNAL" } }),
    );
    renderFresh(<TelegramLogin />);
    fireEvent.click(screen.getByRole("button", { name: "Продолжить как Алиса" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ошибка входа. Попробуйте снова");
    expect(sessionStorage.getItem("access_token")).toBeNull();
  });
});
