import { fireEvent, screen, waitFor } from "@testing-library/react";
import { developerLink, SettingsTab } from "@/components/bank/settings-tab";
import { fakeServer, ME, on, renderFresh, signIn } from "./bank-support";

const replace = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: jest.fn() }),
}));

/** The Telegram SDK as the settings see it: null outside Telegram, else a fake with requestWriteAccess. */
let telegram: unknown = null;
jest.mock("@/lib/client/telegram/provider", () => ({ useLoadedTelegram: () => telegram }));

/** A client whose write-access request answers `status`, or throws, or that has none (an old client). */
function telegramAnswering(answer: "allowed" | "cancelled" | "throws" | "old") {
  const request = Object.assign(
    jest.fn(async () => {
      if (answer === "throws") throw new Error("ConcurrentCallError");
      return answer;
    }),
    { isAvailable: () => answer !== "old" },
  );
  // A 7.0 client: it can ask for write access (6.9) but has no biometrics (7.2), so no lock row.
  telegram = {
    sdk: { requestWriteAccess: request, supports: jest.requireActual("@telegram-apps/sdk-react").supports },
    native: true,
    debug: false,
    launchParams: { tgWebAppVersion: "7.0", tgWebAppPlatform: "ios" },
  };
  return request;
}

beforeEach(() => {
  telegram = null;
  sessionStorage.clear();
  replace.mockReset();
  signIn();
});

describe("settings tab", () => {
  it("shows the username, version 1.0.0 and a developer link that leads to the readable API reference, not raw JSON", async () => {
    fakeServer(on("GET", "/api/v1/users/me", { status: 200, body: ME }));
    renderFresh(<SettingsTab />);
    expect(await screen.findByTestId("settings-username")).toHaveTextContent("anna");
    expect(screen.getByText("1.0.0")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Разработчик/ })).toHaveAttribute("href", "/api/docs");
    expect(screen.queryByText(/openapi/)).toBeNull();
  });

  it("sends the developer link to the operator's page when one is configured", () => {
    expect(developerLink(undefined)).toBe("/api/docs");
    expect(developerLink("")).toBe("/api/docs");
    expect(developerLink("https://example.com/dev")).toBe("https://example.com/dev");
  });

  it("switches notifications at once and keeps the change when the server agrees", async () => {
    let release: () => void = () => undefined;
    const calls = fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      (call) =>
        call.method === "PUT"
          ? new Promise((resolve) => (release = () => resolve({ status: 200, body: { ...ME, notification: false } })))
          : undefined,
    );
    renderFresh(<SettingsTab />);
    const toggle = await screen.findByRole("switch", { name: "Уведомления" });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute("aria-checked", "true");
    fireEvent.click(toggle);
    // Optimistic: flipped before the server answered.
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({ path: "/api/v1/users/1/notifications", body: { enable: false } });
    release();
    // The server's answer is kept: no rollback once it agreed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reverts the switch and says so when the server refuses", async () => {
    fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("PUT", "/api/v1/users/1/notifications", { status: 500, body: { message: "x", code: "INTERNAL" } }),
    );
    renderFresh(<SettingsTab />);
    const toggle = await screen.findByRole("switch", { name: "Уведомления" });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent("Не удалось обновить уведомления");
    expect(toggle).toHaveAttribute("aria-checked", "true");
  });

  it("logs out: both tokens gone, revoked on the server, back to /", async () => {
    const calls = fakeServer(
      on("GET", "/api/v1/users/me", { status: 200, body: ME }),
      on("POST", "/api/v1/auth/logout", { status: 200, body: { ok: true } }),
    );
    renderFresh(<SettingsTab />);
    fireEvent.click(screen.getByRole("button", { name: "Выйти" }));
    expect(sessionStorage.getItem("access_token")).toBeNull();
    expect(sessionStorage.getItem("refresh_token")).toBeNull();
    expect(replace).toHaveBeenCalledWith("/");
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/api/v1/auth/logout")?.body).toEqual({ refresh_token: "refresh" }),
    );
  });

  describe("when the bot may not write to a Telegram user", () => {
    const BLOCKED = { ...ME, email: null, telegramUsername: "anna_tg", botMayWrite: false };
    const put = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === "PUT").map((c) => c.body);

    it("says so instead of showing the switch on, and asks Telegram for leave: granted, the switch is on", async () => {
      const request = telegramAnswering("allowed");
      const calls = fakeServer(
        on("GET", "/api/v1/users/me", { status: 200, body: BLOCKED }),
        on("PUT", "/api/v1/users/1/notifications", { status: 200, body: { ...BLOCKED, botMayWrite: true } }),
      );
      renderFresh(<SettingsTab />);
      expect(await screen.findByTestId("notifications-state")).toHaveTextContent("Бот не может вам писать");
      const toggle = screen.getByRole("switch", { name: "Уведомления" });
      expect(toggle).toHaveAttribute("aria-checked", "false");
      fireEvent.click(screen.getByRole("button", { name: "Разрешить боту писать" }));
      await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
      expect(request).toHaveBeenCalledTimes(1);
      expect(put(calls)).toEqual([{ enable: true, writeAccessAllowed: true }]);
      expect(screen.queryByTestId("notifications-state")).not.toBeInTheDocument();
    });

    it("refused: the server is told nothing was granted and the row still explains", async () => {
      const request = telegramAnswering("cancelled");
      const calls = fakeServer(
        on("GET", "/api/v1/users/me", { status: 200, body: BLOCKED }),
        on("PUT", "/api/v1/users/1/notifications", { status: 200, body: BLOCKED }),
      );
      renderFresh(<SettingsTab />);
      const toggle = await screen.findByRole("switch", { name: "Уведомления" });
      await waitFor(() => expect(toggle).toBeEnabled());
      fireEvent.click(toggle);
      await waitFor(() => expect(put(calls)).toEqual([{ enable: true }]));
      expect(request).toHaveBeenCalledTimes(1);
      expect(await screen.findByTestId("notifications-state")).toHaveTextContent("Бот не может вам писать");
      expect(toggle).toHaveAttribute("aria-checked", "false");
    });

    it.each(["old", "throws"] as const)("a client that cannot ask (%s) asks nothing and changes nothing it cannot", async (kind) => {
      const request = telegramAnswering(kind);
      const calls = fakeServer(
        on("GET", "/api/v1/users/me", { status: 200, body: BLOCKED }),
        on("PUT", "/api/v1/users/1/notifications", { status: 200, body: BLOCKED }),
      );
      renderFresh(<SettingsTab />);
      fireEvent.click(await screen.findByRole("button", { name: "Разрешить боту писать" }));
      await waitFor(() => expect(put(calls)).toEqual([{ enable: true }]));
      expect(request).toHaveBeenCalledTimes(kind === "old" ? 0 : 1);
      expect(screen.getByTestId("notifications-state")).toHaveTextContent("Бот не может вам писать");
    });

    it("with an e-mail address, says the notices go there and shows the switch on", async () => {
      fakeServer(on("GET", "/api/v1/users/me", { status: 200, body: { ...BLOCKED, email: "anna@example.com" } }));
      renderFresh(<SettingsTab />);
      expect(await screen.findByTestId("notifications-state")).toHaveTextContent("Бот не может вам писать. Уведомления приходят на почту");
      expect(screen.getByRole("switch", { name: "Уведомления" })).toHaveAttribute("aria-checked", "true");
    });

    it("switching off asks Telegram nothing", async () => {
      const request = telegramAnswering("allowed");
      const calls = fakeServer(
        on("GET", "/api/v1/users/me", { status: 200, body: { ...BLOCKED, email: "anna@example.com" } }),
        on("PUT", "/api/v1/users/1/notifications", { status: 200, body: { ...BLOCKED, notification: false } }),
      );
      renderFresh(<SettingsTab />);
      const toggle = await screen.findByRole("switch", { name: "Уведомления" });
      await waitFor(() => expect(toggle).toBeEnabled());
      fireEvent.click(toggle);
      await waitFor(() => expect(put(calls)).toEqual([{ enable: false }]));
      expect(request).not.toHaveBeenCalled();
      await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "false"));
      expect(screen.queryByTestId("notifications-state")).not.toBeInTheDocument();
    });
  });
});
